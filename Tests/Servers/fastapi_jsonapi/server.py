"""A small library API served by fastapi-jsonapi 3.0.0 (FastAPI, SQLAlchemy 2, SQLite through aiosqlite),
for resgen's second real JSON:API server.

Books have a title, an optional subtitle, a date-only ``published`` ("1968-11-01"), an optional to-one
``author`` and a to-many ``genres``; authors have a name and a write-only ``password`` (accepted on create
and update, never sent back); genres have a name (genres, not tags: the Swift clients of this API and of
``Schemas/press`` share one test module, and Press has a ``Tag``). The server behaves as fastapi-jsonapi
does, quirks included: collection and instance paths end in ``/`` (``/books/``, ``/books/1/``; without the slash
every call takes a 307), ``relationships`` are sent only for included relationships, collections carry
no ``links``, error objects use ``status_code`` and are sent as ``application/json``, validation errors
are FastAPI's 422 ``{"detail": [...]}``, and atomic operations are served at ``POST /operations``.

Run: ``.venv-fastapi-jsonapi/bin/python server.py``. Binds 127.0.0.1 on a free port, creates and seeds a
fresh SQLite database in a temporary directory, prints ``LISTENING <port>`` once it accepts connections,
and exits when stdin (a pipe) closes. ``POST /_reset`` re-seeds the database and forgets the request log;
``GET /_stats`` returns the request log (method, path, status of every request since the last reset);
``GET /_password/<author id>`` returns an author's stored (write-only) password. A write with ``Prefer``
(``return=minimal``, ``respond-async``, ``return=meta``) is answered with ``204``, ``202`` or ``200`` with
only ``meta`` after it was done (the ``prefer`` middleware), for the tests of every write reply.
"""

import asyncio
import datetime
import logging
import os
import socket
import sys
import tempfile
import threading
import warnings
from contextlib import asynccontextmanager
from typing import Annotated, Any, AsyncIterator, ClassVar, Optional, Union

import uvicorn
from fastapi import Depends, FastAPI, Request
from fastapi.responses import JSONResponse, Response
from pydantic import ConfigDict, Field, field_validator, model_validator
from sqlalchemy import Column, ForeignKey, String, Table, Date
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from fastapi import HTTPException as FastAPIHTTPException
from fastapi_jsonapi import ApplicationBuilder
from fastapi_jsonapi.atomic import AtomicOperations
from fastapi_jsonapi.atomic.atomic_handler import AtomicViewHandler
from fastapi_jsonapi.atomic.prepared_atomic_operation import OperationBase, OperationUpdate
from fastapi_jsonapi.atomic.schemas import AtomicOperation, AtomicOperationRequest, OperationItemInSchema
import fastapi_jsonapi.api.application_builder as application_builder
from fastapi_jsonapi.exceptions import HTTPException as JSONAPIHTTPException
from fastapi_jsonapi.storages import models_storage, schemas_storage
from fastapi_jsonapi.misc.sqla.generics.base import ViewBaseGeneric
from fastapi_jsonapi.schema_base import BaseModel
from fastapi_jsonapi.types_metadata import RelationshipInfo
from fastapi_jsonapi.views import Operation, OperationConfig, ViewBase

# Quiet test output: the libraries' deprecation warnings (FastAPI's are `UserWarning`s), and the traceback fastapi-jsonapi logs for every
# refused atomic operation (the refusal itself is the response).
warnings.simplefilter("ignore", DeprecationWarning)
warnings.filterwarnings("ignore", message=".*deprecated")
logging.getLogger("fastapi_jsonapi.atomic.atomic_handler").setLevel(logging.CRITICAL)

DATA = tempfile.mkdtemp(prefix="resgen-fastapi-jsonapi-")
engine = create_async_engine(f"sqlite+aiosqlite:///{os.path.join(DATA, 'library.sqlite3')}")
sessions = async_sessionmaker(bind=engine, autocommit=False, expire_on_commit=False)


async def session() -> AsyncIterator[AsyncSession]:
    async with sessions() as s:
        yield s


# MARK: models


class Base(DeclarativeBase):
    pass


book_genres = Table(
    "book_genres", Base.metadata,
    Column("book_id", ForeignKey("books.id", ondelete="CASCADE"), primary_key=True),
    Column("genre_id", ForeignKey("genres.id", ondelete="CASCADE"), primary_key=True),
)


class Author(Base):
    __tablename__ = "authors"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String)
    password: Mapped[Optional[str]] = mapped_column(String, nullable=True)
    # `lazy="selectin"`: fastapi-jsonapi reads relationships outside the async session's greenlet.
    books: Mapped[list["Book"]] = relationship(back_populates="author", lazy="selectin")


class Genre(Base):
    __tablename__ = "genres"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String)
    books: Mapped[list["Book"]] = relationship(secondary=book_genres, back_populates="genres", lazy="selectin")


class Book(Base):
    __tablename__ = "books"
    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(String)
    subtitle: Mapped[Optional[str]] = mapped_column(String, nullable=True)
    published: Mapped[datetime.date] = mapped_column(Date)
    author_id: Mapped[Optional[int]] = mapped_column(ForeignKey("authors.id", ondelete="SET NULL"), nullable=True)
    author: Mapped[Optional[Author]] = relationship(back_populates="books", lazy="selectin")
    genres: Mapped[list[Genre]] = relationship(secondary=book_genres, back_populates="books", lazy="selectin")


# MARK: JSON:API schemas


class GenreSchema(BaseModel):
    model_config = ConfigDict(from_attributes=True)
    name: str


class AuthorSchema(BaseModel):
    """What the server sends: no `password`."""
    model_config = ConfigDict(from_attributes=True)
    name: str

    @field_validator("name")
    @classmethod
    def name_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("name must not be blank")
        return value


class AuthorInSchema(AuthorSchema):
    """What the server accepts: `password` too (write-only)."""
    password: Optional[str] = None


class AuthorPatchSchema(BaseModel):
    model_config = ConfigDict(from_attributes=True)
    name: Optional[str] = None
    password: Optional[str] = None


class BookSchema(BaseModel):
    model_config = ConfigDict(from_attributes=True)
    title: str
    subtitle: Optional[str] = None
    published: datetime.date
    author: Annotated[Optional[AuthorSchema], RelationshipInfo(resource_type="authors")] = None
    genres: Annotated[Optional[list[GenreSchema]], RelationshipInfo(resource_type="genres", many=True)] = None

    @field_validator("title")
    @classmethod
    def title_not_blank(cls, value: str) -> str:
        # `Field(min_length=…)` and friends are dropped by fastapi-jsonapi's schema builder: validate here.
        if not value.strip():
            raise ValueError("title must not be blank")
        return value


class BookPatchSchema(BaseModel):
    model_config = ConfigDict(from_attributes=True)
    title: Optional[str] = None
    subtitle: Optional[str] = None
    published: Optional[datetime.date] = None
    author: Annotated[Optional[AuthorSchema], RelationshipInfo(resource_type="authors")] = None
    genres: Annotated[Optional[list[GenreSchema]], RelationshipInfo(resource_type="genres", many=True)] = None


# MARK: views


class SessionDependency(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)
    session: AsyncSession = Depends(session)


def data_layer_kwargs(view: ViewBase, dto: SessionDependency) -> dict[str, Any]:
    return {"session": dto.session}


class LibraryView(ViewBaseGeneric):
    operation_dependencies: ClassVar = {
        Operation.ALL: OperationConfig(dependencies=SessionDependency, prepare_data_layer_kwargs=data_layer_kwargs),
    }


# MARK: data


async def seed() -> None:
    async with engine.begin() as connection:
        await connection.run_sync(Base.metadata.drop_all)
        await connection.run_sync(Base.metadata.create_all)
    async with sessions() as s:
        le_guin = Author(id=1, name="Ursula K. Le Guin", password="earthsea")
        herbert = Author(id=2, name="Frank Herbert", password="spice")
        fantasy = Genre(id=1, name="fantasy")
        scifi = Genre(id=2, name="science fiction")
        classic = Genre(id=3, name="classic")
        s.add_all([le_guin, herbert, fantasy, scifi, classic])
        s.add_all([
            Book(id=1, title="A Wizard of Earthsea", published=datetime.date(1968, 11, 1), author=le_guin, genres=[fantasy, classic]),
            Book(id=2, title="The Left Hand of Darkness", published=datetime.date(1969, 3, 1), author=le_guin, genres=[scifi]),
            Book(id=3, title="Dune", subtitle="Book One of the Dune Chronicles", published=datetime.date(1965, 8, 1), author=herbert,
                 genres=[scifi, classic]),
            Book(id=4, title="Beowulf", published=datetime.date(1000, 1, 1), author=None, genres=[classic]),
        ])
        await s.commit()


# MARK: atomic operations


class LibraryAtomicOperation(AtomicOperation):
    """An operation as the extension defines it: fastapi-jsonapi 3.0.0 refuses one whose `data` is a list of
    resource identifiers (a to-many relationship operation), because it looks for `data.type`, and
    identifiers in relationship operations may name a resource by `lid`."""

    data: Union[OperationItemInSchema, list[OperationItemInSchema], None] = None

    @model_validator(mode="before")
    @classmethod
    def validate_operation(cls, values: dict):
        cls._validate_one_of_ref_or_href(values=values)
        if values.get("data") is None and values.get("ref") is None:
            raise ValueError("an operation needs 'ref' or 'data'")
        return values


class LibraryAtomicOperationRequest(AtomicOperationRequest):
    operations: list[LibraryAtomicOperation] = Field(alias="atomic:operations", min_length=1)


class LibraryAtomicOperations(AtomicOperations):
    """The library's `POST /operations`, reading the request with `LibraryAtomicOperation`."""

    async def view_atomic(self, request: Request, operations_request: LibraryAtomicOperationRequest):
        result = await self.atomic_handler(request=request, operations_request=operations_request).handle()
        return result if result else Response(status_code=204)


class PatchUpdate(OperationUpdate):
    """An `update` validated against the PATCH schema: fastapi-jsonapi 3.0.0 validates it against the
    create schema, so an update that leaves out a required attribute fails with 422."""

    async def handle(self, dl):
        obj_id = (self.ref and self.ref.id) or self.data.id
        payload = self.data.model_dump(exclude_unset=True)
        payload["id"] = obj_id
        payload.setdefault("attributes", {})
        payload.pop("lid", None)
        data_in = schemas_storage.get_schema_in(self.resource_type, operation_type="update")(data=payload)
        return await self.view.process_update_object(dl=dl, obj_id=obj_id, data_update=data_in.data)


class RelationshipOperation(OperationBase):
    """`add`, `update` or `remove` on `ref.relationship`, which fastapi-jsonapi 3.0.0 leaves unimplemented."""

    def update_relationships_with_lid(self, local_ids) -> None:
        pass  # `data` holds resource identifiers (with `id`), not a resource with relationships

    async def handle(self, dl):
        name = self.ref.relationship
        info = schemas_storage.get_relationships_info(self.resource_type, "get").get(name)
        if info is None:
            raise JSONAPIHTTPException(status_code=404, title="Relation not found.", pointer="/ref/relationship",
                                       detail=f"{self.resource_type!r} has no relationship {name!r}")
        obj = await dl.get_object(view_kwargs={dl.url_id_field: self.ref.id}, qs=self.view.query_params)
        model = models_storage.get_model(info.resource_type)
        identifiers = self.data if isinstance(self.data, list) else ([] if self.data is None else [self.data])
        targets = []
        for identifier in identifiers:
            target = await dl.session.get(model, int(identifier.id))
            if target is None:
                raise JSONAPIHTTPException(status_code=404, title="Related object not found.", pointer="/data",
                                           detail=f"no {info.resource_type} with id {identifier.id}")
            targets.append(target)
        if not info.many:
            if self.op_type != "update":
                raise JSONAPIHTTPException(status_code=400, pointer="/op", detail=f"a to-one relationship is only updated, not {self.op_type!r}")
            setattr(obj, name, targets[0] if targets else None)
        elif self.op_type == "update":
            setattr(obj, name, targets)
        elif self.op_type == "add":
            getattr(obj, name).extend(t for t in targets if t not in getattr(obj, name))
        else:
            for target in targets:
                if target in getattr(obj, name):
                    getattr(obj, name).remove(target)
        await dl.session.flush()
        return None


class LibraryAtomicHandler(AtomicViewHandler):
    """fastapi-jsonapi 3.0.0's atomic handler with what the extension asks for and it lacks: an error
    names its operation (`source.pointer` `/atomic:operations/<index>…`, sent as JSON:API error objects in
    the server's own style, `status_code` and all) instead of FastAPI's `{"detail": …}`; `update` uses the
    PATCH schema; relationship operations (`ref.relationship`) work; `ref.lid` is resolved. Everything
    else (transactions, `lid` in relationships, results) is the library's."""

    async def handle(self):
        results = []
        previous_dl = None
        for index, operation in enumerate(self.operations_request.operations):
            try:
                self.resolve_ref_lid(operation)
                prepared = await self.prepare_one_operation(operation)
                if operation.ref is not None and operation.ref.relationship:
                    prepared = RelationshipOperation(prepared.view, prepared.ref, prepared.data, prepared.op_type, prepared.resource_type)
                elif isinstance(prepared, OperationUpdate):
                    prepared = PatchUpdate(prepared.view, prepared.ref, prepared.data, prepared.op_type, prepared.resource_type)
                response, previous_dl = await self.process_next_operation(prepared, previous_dl)
            except (FastAPIHTTPException, ValueError) as error:
                if previous_dl is not None:
                    try:
                        await previous_dl.atomic_end(success=False)
                    except Exception:
                        pass  # already rolled back by the library
                return operation_error(index, error)
            if not response:
                results.append({})
                continue
            results.append({"data": response["data"]})
            if getattr(operation.data, "lid", None):
                self.local_ids_cache[operation.data.type][operation.data.lid] = response["data"]["id"]
        if previous_dl is not None:
            await previous_dl.atomic_end(success=True)
        if all(not result for result in results):
            return Response(status_code=204)
        return {"atomic:results": results}

    def resolve_ref_lid(self, operation: AtomicOperation) -> None:
        # An `add` of a resource defines its `data.lid`; every other `lid` names an earlier operation's
        # resource (in a relationship operation, `data` holds identifiers).
        relationship = operation.ref is not None and operation.ref.relationship
        data = operation.data if isinstance(operation.data, list) else [operation.data]
        holders = [operation.ref] + (data if relationship or operation.op != "add" else [])
        for holder in holders:
            lid = getattr(holder, "lid", None)
            if lid and not getattr(holder, "id", None):
                known = self.local_ids_cache.get(holder.type, {})
                if lid not in known:
                    raise ValueError(f"lid {lid!r} of {holder.type!r} is not defined by an earlier operation")
                holder.id = known[lid]
                if holder is operation.ref:
                    holder.lid = None


def operation_error(index: int, error: Exception) -> JSONResponse:
    prefix = f"/atomic:operations/{index}"
    if isinstance(error, JSONAPIHTTPException):
        status, errors = error.status_code, error.detail["errors"]
        for item in errors:
            pointer = (item.get("source") or item.get("meta") or {}).get("pointer") or ""
            item["source"] = {"pointer": prefix + pointer}
            item.pop("meta", None)
    elif isinstance(error, FastAPIHTTPException) and isinstance(error.detail, dict) and "errors" in error.detail:
        status = error.status_code
        errors = [{"status_code": status, "title": "Validation error", "detail": e["msg"],
                   "source": {"pointer": prefix + "".join(f"/{part}" for part in e["loc"])}} for e in error.detail["errors"]]
    else:
        status = getattr(error, "status_code", 422)
        detail = error.detail.get("error", str(error.detail)) if isinstance(getattr(error, "detail", None), dict) else str(getattr(error, "detail", error))
        errors = [{"status_code": status, "title": "Invalid operation", "detail": detail, "source": {"pointer": prefix}}]
    return JSONResponse({"errors": errors}, status_code=status)


LibraryAtomicOperations.atomic_handler = LibraryAtomicHandler
application_builder.AtomicOperations = LibraryAtomicOperations


# MARK: app

REQUESTS: list[dict[str, Any]] = []


@asynccontextmanager
async def lifespan(_: FastAPI):
    await seed()
    yield
    await engine.dispose()


app = FastAPI(lifespan=lifespan)


@app.middleware("http")
async def log_requests(request: Request, call_next):
    response = await call_next(request)
    if not request.url.path.startswith("/_"):
        REQUESTS.append({"method": request.method, "path": request.url.path, "status": response.status_code})
    return response


JOBS = iter(range(1, 1_000_000))


@app.middleware("http")
async def prefer(request: Request, call_next):
    """RFC 7240 ``Prefer`` on writes, answered after the write as other conforming servers answer:
    ``return=minimal`` with ``204 No Content``; ``respond-async`` with ``202 Accepted``, a relative
    ``Content-Location`` and only ``meta``; ``return=meta`` (resgen's own) with ``200`` and only
    ``meta``. Without ``Prefer``, or when the write failed, the response is fastapi-jsonapi's."""
    response = await call_next(request)
    wish = request.headers.get("prefer", "")
    if request.method not in ("POST", "PUT", "PATCH", "DELETE") or not 200 <= response.status_code < 300 or not wish:
        return response
    media_type = "application/vnd.api+json"
    if "return=minimal" in wish:
        return Response(status_code=204)
    if "respond-async" in wish:
        job = next(JOBS)
        return JSONResponse({"meta": {"job": job, "status": "queued"}}, status_code=202, media_type=media_type,
                            headers={"Content-Location": f"/jobs/{job}"})
    if "return=meta" in wish:
        return JSONResponse({"meta": {"applied": True}}, media_type=media_type)
    return response


# Outermost (added last): records the final exchanges for the JSON:API 1.0 JSON Schema check.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from jsonapi_capture import starlette_capture  # noqa: E402

app.middleware("http")(starlette_capture)


@app.post("/_reset")
async def reset() -> Response:
    await seed()
    REQUESTS.clear()
    return Response(status_code=204)


@app.get("/_stats")
async def stats() -> JSONResponse:
    return JSONResponse({"requests": REQUESTS})


@app.get("/_password/{author_id}")
async def password(author_id: int) -> JSONResponse:
    """The stored password of an author, which the API never sends: for tests of write-only attributes."""
    async with sessions() as s:
        author = await s.get(Author, author_id)
        if author is None:
            return JSONResponse({"detail": "no such author"}, status_code=404)
        return JSONResponse({"password": author.password})


builder = ApplicationBuilder(app)
builder.add_resource(path="/books", tags=["books"], resource_type="books", view=LibraryView, model=Book,
                     schema=BookSchema, schema_in_patch=BookPatchSchema)
builder.add_resource(path="/authors", tags=["authors"], resource_type="authors", view=LibraryView, model=Author,
                     schema=AuthorSchema, schema_in_post=AuthorInSchema, schema_in_patch=AuthorPatchSchema)
builder.add_resource(path="/genres", tags=["genres"], resource_type="genres", view=LibraryView, model=Genre, schema=GenreSchema)
builder.initialize()


def main() -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))

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
