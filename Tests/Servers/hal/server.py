"""A small HAL API served by fastapi-hypermodel, for resgen's end-to-end HAL tests.

Contacts link to other contacts (a link array), to a website (a link) and to their orders (a CURIE
relation); orders embed their items (``ea:items``) and link their customer; the contacts collection is
paginated and carries a templated ``ea:find`` search link. POST/PATCH/DELETE change the in-memory data;
writes take relationships in the three forms HAL servers use (an order's customer as a link, required; a
contact's website as its absolute URI; its contacts as ids). Errors are ``application/problem+json``, or
drf-hal-json's field errors (``{"_links": {"ea:customer": ["This field is required."]}}``) for relationships. Every response is a fastapi-hypermodel ``HALResponse`` built from
``HALHyperModel`` values (never through ``response_model``, which drops ``_embedded``).

With ``--single-links``, a contact that knows exactly one contact links it as one link object rather
than an array of one (Flask-HAL's way of writing a to-many relation with one member).

With ``--data FILE`` the data is read from FILE at start (when it exists) and written to it after every
write, so a server restarted with the same FILE (and ``--port``) serves what the stopped one had.

Run: ``python server.py [--contacts N] [--delay-ms MS] [--single-links] [--port P] [--data FILE]``. Binds 127.0.0.1 on a free port (or P), prints
``LISTENING <port>`` once it accepts connections, and exits when stdin (a pipe) closes or on SIGTERM.
"""

import argparse
import asyncio
import json
import os
import socket
import sys
import threading
import warnings
from collections import Counter
from typing import Any, Dict, List, Optional, Sequence

import uvicorn
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi_hypermodel import FrozenDict, HALFor, HALForType, HALHyperModel, HALLinks, HALResponse
from pydantic import BaseModel, Field

import openapi_docs as docs

parser = argparse.ArgumentParser()
parser.add_argument("--contacts", type=int, default=12, help="how many contacts to create")
parser.add_argument("--delay-ms", type=float, default=0, help="latency added to every request")
parser.add_argument("--single-links", action="store_true",
                    help="write a to-many relation with one member as one link object, as Flask-HAL does")
parser.add_argument("--port", type=int, default=0, help="the port to bind (0: a free one)")
parser.add_argument("--data", default=None,
                    help="a JSON file the data is read from at start (when it exists) and written to after each write")
ARGS, _ = parser.parse_known_args()
# fastapi-hypermodel types `_embedded` as its own model class; pydantic warns when it serializes others.
warnings.filterwarnings("ignore", message="Pydantic serializer warnings")

app = FastAPI()
HALHyperModel.init_app(app)
HALHyperModel.register_curies([HALForType(href="/rels/{rel}", name="ea", templated=True)])

REQUESTS: Counter = Counter()


@app.middleware("http")
async def count_and_delay(request: Request, call_next):
    if not request.url.path.startswith("/_"):
        REQUESTS[str(request.url.path) + ("?" + request.url.query if request.url.query else "")] += 1
        if ARGS.delay_ms:
            await asyncio.sleep(ARGS.delay_ms / 1000)
    response = await call_next(request)
    if ARGS.data and request.method != "GET" and response.status_code < 300:
        save()
    return response


def save() -> None:
    """Writes the data to ``--data`` (a restarted server on the same file serves what this one had)."""
    with open(ARGS.data + ".tmp", "w") as out:
        json.dump({"websites": WEBSITES, "contacts": CONTACTS, "orders": ORDERS}, out)
    os.replace(ARGS.data + ".tmp", ARGS.data)


def load() -> bool:
    """Reads the data ``save`` wrote; False when there is none."""
    if not ARGS.data or not os.path.exists(ARGS.data):
        return False
    with open(ARGS.data) as source:
        data = json.load(source)
    for target, name in ((WEBSITES, "websites"), (CONTACTS, "contacts"), (ORDERS, "orders")):
        target.update({int(key): value for key, value in data[name].items()})
    return True


def problem(status: int, title: str, detail: str) -> JSONResponse:
    return JSONResponse({"type": "about:blank", "title": title, "status": status, "detail": detail},
                        status_code=status, media_type="application/problem+json")


@app.exception_handler(RequestValidationError)
async def validation_failed(_: Request, error: RequestValidationError) -> JSONResponse:
    fields = ", ".join(".".join(str(p) for p in e["loc"]) for e in error.errors())
    return problem(422, "Unprocessable Entity", f"invalid fields: {fields}")


# MARK: data

WEBSITES: Dict[int, dict] = {}
CONTACTS: Dict[int, dict] = {}
ORDERS: Dict[int, dict] = {}


def seed(count: int) -> None:
    for i in range(1, count + 1):
        WEBSITES[i] = {"id": i, "url": f"https://example.org/{i}", "title": f"Site {i}"}
    for i in range(1, count + 1):
        # Contact i knows the next two (wrapping), so there are cycles; every third has no website.
        known = sorted({(i % count) + 1, ((i + 1) % count) + 1} - {i})
        CONTACTS[i] = {"id": i, "name": f"Contact {i}", "email": f"c{i}@example.org", "phone_number": None,
                       "contact_ids": known, "website_id": None if i % 3 == 0 else i, "order_ids": []}
    for i in range(1, 4):
        ORDERS[i] = {"id": i, "total": 10.5 * i, "currency": "EUR", "status": "pending", "placed_at": "2026-01-0%dT10:00:00Z" % i,
                     "customer_id": 1, "items": [{"id": j, "name": f"Item {i}.{j}", "quantity": j, "price": 1.25 * j} for j in range(1, 3)]}
        CONTACTS[1]["order_ids"].append(i)


if not load():
    seed(ARGS.contacts)


# MARK: models

class Website(HALHyperModel):
    id: int
    url: str
    title: Optional[str] = None
    links: HALLinks = FrozenDict({"self": HALFor("read_website", {"website_id": "<id>"})})


class OrderItem(HALHyperModel):
    id: int
    name: str
    quantity: int
    price: float
    order_id: int = Field(exclude=True)
    links: HALLinks = FrozenDict({"self": HALFor("read_item", {"order_id": "<order_id>", "item_id": "<id>"})})


class Order(HALHyperModel):
    id: int
    total: float
    currency: str
    status: str
    placed_at: str
    customer_id: int = Field(exclude=True)
    items: Sequence[OrderItem] = Field(alias="ea:items")
    links: HALLinks = FrozenDict({
        "self": HALFor("read_order", {"order_id": "<id>"}),
        "ea:customer": HALFor("read_contact", {"contact_id": "<customer_id>"}),
        "ea:items": HALFor("list_items", {"order_id": "<id>"}),
    })


class Contact(HALHyperModel):
    id: int
    name: str
    email: Optional[str] = None
    phone_number: Optional[str] = None


def website_model(data: dict) -> Website:
    return Website(**data)


def order_model(data: dict) -> Order:
    items = [OrderItem(order_id=data["id"], **item) for item in data["items"]]
    fields = {k: v for k, v in data.items() if k != "items"}
    return Order(**fields, **{"ea:items": items})


def contact_model(data: dict) -> Contact:
    links: Dict[str, Any] = {
        "self": HALForType(href=app.url_path_for("read_contact", contact_id=data["id"])),
        # A link array, even for one contact (and none when there are none).
        # Deleting a contact leaves links to it dangling (404), as real data does.
        "contacts": [HALForType(href=app.url_path_for("read_contact", contact_id=c), title=CONTACTS[c]["name"] if c in CONTACTS else None)
                     for c in data["contact_ids"]],
        "ea:orders": HALForType(href=app.url_path_for("list_contact_orders", contact_id=data["id"])),
        "homepage": HALForType(href="https://example.org/people/%d" % data["id"], type="text/html", hreflang="en",
                               profile="https://example.org/profiles/person", name="public", deprecation="https://example.org/deprecated"),
    }
    if ARGS.single_links and len(links["contacts"]) == 1:
        links["contacts"] = links["contacts"][0]  # HAL says SHOULD be an array; Flask-HAL writes one object
    if data["website_id"] is not None:
        links["website"] = HALForType(href=app.url_path_for("read_website", website_id=data["website_id"]), title="Website")
    fields = {k: data[k] for k in ("id", "name", "email", "phone_number")}
    return Contact(**fields, **{"_links": FrozenDict(links)})


def hal(model: HALHyperModel, status: int = 200) -> HALResponse:
    return HALResponse(model.model_dump(by_alias=True, exclude_none=True), status_code=status)


def collection(name: str, models: List[HALHyperModel], url: str, page: int, size: int, total: int, extra: Dict[str, Any]) -> HALResponse:
    last = max(0, (total - 1) // size)
    links: Dict[str, Any] = {"self": {"href": f"{url}?page={page}&size={size}"}, "first": {"href": f"{url}?page=0&size={size}"},
                             "last": {"href": f"{url}?page={last}&size={size}"}, **extra}
    if page < last:
        links["next"] = {"href": f"{url}?page={page + 1}&size={size}"}
    if page > 0:
        links["prev"] = {"href": f"{url}?page={page - 1}&size={size}"}
    links["curies"] = [{"href": "/rels/{rel}", "name": "ea", "templated": True}]
    body: Dict[str, Any] = {"_links": links, "page": {"number": page, "size": size, "totalElements": total, "totalPages": last + 1}}
    body["_embedded"] = {name: [m.model_dump(by_alias=True, exclude_none=True) for m in models]} if models else None
    if body["_embedded"] is None:
        del body["_embedded"]
    return HALResponse(body)


# MARK: routes

@app.get("/")
def root() -> HALResponse:
    """The entry point (the schema's `entry:`): links to the collections and the templated search."""
    return HALResponse({"_links": {
        "self": {"href": "/"}, "contacts": {"href": "/contacts"}, "orders": {"href": "/orders"},
        "ea:find": {"href": "/contacts/search{?name,page}", "templated": True, "title": "Find contacts by name"},
        "curies": [{"href": "/rels/{rel}", "name": "ea", "templated": True}]}})


@app.get("/contacts", responses=docs.hal(docs.ContactPage))
def list_contacts(page: int = 0, size: int = 5) -> HALResponse:
    ids = sorted(CONTACTS)
    chosen = ids[page * size:(page + 1) * size]
    find = {"ea:find": {"href": "/contacts/search{?name,page}", "templated": True, "title": "Find contacts by name"}}
    return collection("contacts", [contact_model(CONTACTS[i]) for i in chosen], "/contacts", page, size, len(ids), find)


@app.get("/contacts/search", responses=docs.hal(docs.ContactPage))
def search_contacts(name: str = "", page: int = 0) -> HALResponse:
    found = [contact_model(c) for i, c in sorted(CONTACTS.items()) if name.lower() in c["name"].lower()]
    return collection("contacts", found[page * 20:(page + 1) * 20], "/contacts/search", page, 20, len(found), {})


@app.get("/contacts/{contact_id}", responses=docs.hal(docs.Contact))
def read_contact(contact_id: int) -> Response:
    if contact_id not in CONTACTS:
        return problem(404, "Not Found", f"no contact {contact_id}")
    return hal(contact_model(CONTACTS[contact_id]))


@app.get("/contacts/{contact_id}/orders", responses=docs.hal(docs.OrderPage))
def list_contact_orders(contact_id: int) -> Response:
    if contact_id not in CONTACTS:
        return problem(404, "Not Found", f"no contact {contact_id}")
    orders = [order_model(ORDERS[o]) for o in CONTACTS[contact_id]["order_ids"] if o in ORDERS]
    return collection("orders", orders, f"/contacts/{contact_id}/orders", 0, 100, len(orders), {})


# Writes take relationships in the three forms servers use: a contact's website as the website's absolute
# URI in a property (Spring Data REST), its contacts as ids (`contact_ids`), an order's customer as a link
# (`_links: {"ea:customer": {"href": …}}`, as drf-hal-json wants). A missing required relationship is
# drf-hal-json's 400, `{"_links": {"ea:customer": ["This field is required."]}}`.

class ContactBody(BaseModel):
    name: str
    email: Optional[str] = None
    phone_number: Optional[str] = None
    website: Optional[str] = None
    contact_ids: Optional[List[int]] = None


class ContactPatch(BaseModel):
    name: Optional[str] = None
    email: Optional[str] = None
    phone_number: Optional[str] = None
    website: Optional[str] = None
    contact_ids: Optional[List[int]] = None


def field_errors(status: int, errors: Dict[str, Any]) -> JSONResponse:
    return JSONResponse(errors, status_code=status)


def resource_id(uri: Any, request: Request, collection: str, known: Dict[int, dict]) -> Optional[int]:
    """The id of the resource an absolute URI names (`http://host:port/websites/3`); None when it names none."""
    if not isinstance(uri, str):
        return None
    prefix = str(request.base_url).rstrip("/") + f"/{collection}/"
    if not uri.startswith(prefix) or not uri[len(prefix):].isdigit():
        return None
    found = int(uri[len(prefix):])
    return found if found in known else None


def contact_relationships(fields: Dict[str, Any], request: Request) -> Dict[str, Any]:
    """The stored form of a contact body's relationships, or raises ValueError naming the bad field."""
    stored: Dict[str, Any] = {}
    if "website" in fields:
        uri = fields.pop("website")
        if uri is None:
            stored["website_id"] = None
        else:
            website = resource_id(uri, request, "websites", WEBSITES)
            if website is None:
                raise ValueError("website", f"'{uri}' is not the absolute URI of a website")
            stored["website_id"] = website
    if "contact_ids" in fields:
        ids = fields.pop("contact_ids") or []
        unknown = [i for i in ids if i not in CONTACTS]
        if unknown:
            raise ValueError("contact_ids", f"no contacts {unknown}")
        stored["contact_ids"] = ids
    return stored


@app.post("/contacts", status_code=201, responses=docs.hal(docs.Contact, 201))
async def create_contact(body: ContactBody, request: Request) -> Response:
    raw = await request.json()
    if "_links" in raw or "_embedded" in raw or "id" in raw:
        return problem(400, "Bad Request", "a request body carries attributes and relationship properties only")
    fields = body.model_dump(exclude_unset=True)
    try:
        relationships = contact_relationships(fields, request)
    except ValueError as error:
        return field_errors(400, {error.args[0]: [error.args[1]]})
    new_id = max(CONTACTS, default=0) + 1
    CONTACTS[new_id] = {"id": new_id, "email": None, "phone_number": None, **fields, "contact_ids": [], "website_id": None,
                        "order_ids": [], **relationships}
    return hal(contact_model(CONTACTS[new_id]), status=201)


@app.patch("/contacts/{contact_id}", responses=docs.hal(docs.Contact))
async def patch_contact(contact_id: int, body: ContactPatch, request: Request) -> Response:
    if contact_id not in CONTACTS:
        return problem(404, "Not Found", f"no contact {contact_id}")
    fields = body.model_dump(exclude_unset=True)
    try:
        relationships = contact_relationships(fields, request)
    except ValueError as error:
        return field_errors(400, {error.args[0]: [error.args[1]]})
    CONTACTS[contact_id].update(fields)
    CONTACTS[contact_id].update(relationships)
    return hal(contact_model(CONTACTS[contact_id]))


class OrderBody(BaseModel):
    total: float
    currency: str = "EUR"
    status: str = "pending"


class OrderPatch(BaseModel):
    total: Optional[float] = None
    currency: Optional[str] = None
    status: Optional[str] = None


def order_customer(raw: Dict[str, Any], request: Request, required: bool) -> Any:
    """The customer id a body's `_links.ea:customer.href` names; a JSONResponse with the errors, or None
    when the body has no such link and it is not required."""
    link = (raw.get("_links") or {}).get("ea:customer")
    if link is None:
        return field_errors(400, {"_links": {"ea:customer": ["This field is required."]}}) if required else None
    customer = resource_id(link.get("href") if isinstance(link, dict) else None, request, "contacts", CONTACTS)
    if customer is None:
        return field_errors(400, {"_links": {"ea:customer": [f"'{link}' is not a link to a contact"]}})
    return customer


@app.post("/orders", status_code=201, responses=docs.hal(docs.Order, 201))
async def create_order(body: OrderBody, request: Request) -> Response:
    customer = order_customer(await request.json(), request, required=True)
    if isinstance(customer, Response):
        return customer
    new_id = max(ORDERS, default=0) + 1
    ORDERS[new_id] = {"id": new_id, **body.model_dump(), "placed_at": "2026-02-01T10:00:00Z", "customer_id": customer, "items": []}
    CONTACTS[customer]["order_ids"].append(new_id)
    return hal(order_model(ORDERS[new_id]), status=201)


@app.patch("/orders/{order_id}", responses=docs.hal(docs.Order))
async def patch_order(order_id: int, body: OrderPatch, request: Request) -> Response:
    if order_id not in ORDERS:
        return problem(404, "Not Found", f"no order {order_id}")
    customer = order_customer(await request.json(), request, required=False)
    if isinstance(customer, Response):
        return customer
    ORDERS[order_id].update(body.model_dump(exclude_unset=True))
    if customer is not None:
        ORDERS[order_id]["customer_id"] = customer
    return hal(order_model(ORDERS[order_id]))


@app.delete("/contacts/{contact_id}", status_code=204)
def delete_contact(contact_id: int) -> Response:
    if CONTACTS.pop(contact_id, None) is None:
        return problem(404, "Not Found", f"no contact {contact_id}")
    return Response(status_code=204)


@app.get("/websites/{website_id}", responses=docs.hal(docs.Website))
def read_website(website_id: int) -> Response:
    if website_id not in WEBSITES:
        return problem(404, "Not Found", f"no website {website_id}")
    return hal(website_model(WEBSITES[website_id]))


@app.get("/orders", responses=docs.hal(docs.OrderPage))
def list_orders(page: int = 0, size: int = 2) -> HALResponse:
    ids = sorted(ORDERS)
    return collection("orders", [order_model(ORDERS[i]) for i in ids[page * size:(page + 1) * size]], "/orders", page, size, len(ids), {})


@app.get("/orders/{order_id}", responses=docs.hal(docs.Order))
def read_order(order_id: int) -> Response:
    if order_id not in ORDERS:
        return problem(404, "Not Found", f"no order {order_id}")
    return hal(order_model(ORDERS[order_id]))


@app.delete("/orders/{order_id}")
def delete_order(order_id: int) -> Response:
    body = {"message": f"order {order_id} cannot be deleted once placed", "logref": "orders-immutable",
            "_links": {"help": {"href": "/help/orders"}}}
    return JSONResponse(body, status_code=409, media_type="application/vnd.error+json")


@app.get("/orders/{order_id}/items", responses=docs.hal(docs.ItemPage))
def list_items(order_id: int) -> Response:
    if order_id not in ORDERS:
        return problem(404, "Not Found", f"no order {order_id}")
    items = [OrderItem(order_id=order_id, **i) for i in ORDERS[order_id]["items"]]
    return collection("items", items, f"/orders/{order_id}/items", 0, 100, len(items), {})


@app.get("/orders/{order_id}/items/{item_id}", responses=docs.hal(docs.Item))
def read_item(order_id: int, item_id: int) -> Response:
    for item in ORDERS.get(order_id, {}).get("items", []):
        if item["id"] == item_id:
            return hal(OrderItem(order_id=order_id, **item))
    return problem(404, "Not Found", f"no item {item_id} in order {order_id}")


@app.get("/_stats")
def stats() -> JSONResponse:
    return JSONResponse({"requests": dict(REQUESTS)})


@app.post("/_reset")
def reset() -> Response:
    REQUESTS.clear()
    return Response(status_code=204)


def main() -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", ARGS.port))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    server = uvicorn.Server(config)

    def watch_stdin() -> None:
        if sys.stdin is None or sys.stdin.isatty():
            return
        sys.stdin.read()
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()

    async def serve() -> None:
        task = asyncio.create_task(server.serve(sockets=[sock]))
        while not server.started:
            await asyncio.sleep(0.01)
        print(f"LISTENING {port}", flush=True)
        await task

    asyncio.run(serve())


if __name__ == "__main__":
    main()
