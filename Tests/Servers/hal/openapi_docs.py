"""What the HAL test server's OpenAPI document (`GET /openapi.json`) says its responses are.

The routes return fastapi-hypermodel's HAL responses directly (a `response_model` would drop `_embedded`),
so FastAPI cannot see their shape; these models only document it, as `responses=` of each route, under
`application/hal+json`, for `resgen import-openapi` (`make openapi-servers`). They are never used to
serialize anything.
"""
from datetime import datetime
from typing import Any, Dict, List, Optional

from pydantic import BaseModel, Field

Links = Dict[str, Any]


class Page(BaseModel):
    number: int
    size: int
    totalElements: int
    totalPages: int


class Website(BaseModel):
    id: int
    url: str = Field(json_schema_extra={"format": "uri"})
    title: Optional[str] = None
    links: Links = Field(alias="_links")


class Item(BaseModel):
    id: int
    name: str
    quantity: int
    price: float
    links: Links = Field(alias="_links")


class OrderEmbedded(BaseModel):
    items: List[Item] = Field(alias="ea:items")


class Order(BaseModel):
    id: int
    total: float
    currency: str
    status: str
    placed_at: datetime
    links: Links = Field(alias="_links")
    embedded: OrderEmbedded = Field(alias="_embedded")


class Contact(BaseModel):
    id: int
    name: str
    email: Optional[str] = None
    phone_number: Optional[str] = None
    links: Links = Field(alias="_links")


class ContactsEmbedded(BaseModel):
    contacts: List[Contact]


class ContactPage(BaseModel):
    links: Links = Field(alias="_links")
    page: Page
    embedded: Optional[ContactsEmbedded] = Field(None, alias="_embedded")


class OrdersEmbedded(BaseModel):
    orders: List[Order]


class OrderPage(BaseModel):
    links: Links = Field(alias="_links")
    page: Page
    embedded: Optional[OrdersEmbedded] = Field(None, alias="_embedded")


class ItemsEmbedded(BaseModel):
    items: List[Item]


class ItemPage(BaseModel):
    links: Links = Field(alias="_links")
    page: Page
    embedded: Optional[ItemsEmbedded] = Field(None, alias="_embedded")


def hal(model: type, status: int = 200) -> Dict[int, Any]:
    """`responses=` documenting `model` as the route's `application/hal+json` answer."""
    return {status: {"model": model, "content": {"application/hal+json": {}}}}
