"""Serializers: one per item type, a `PolymorphicModelSerializer` over them, and the related field and
identifier serializer that give every item its (type, per-type number) identity."""
from django.core.exceptions import ObjectDoesNotExist
from rest_framework.exceptions import NotFound, ParseError
from rest_framework_json_api.exceptions import Conflict
from rest_framework_json_api import serializers
from rest_framework_json_api.relations import PolymorphicResourceRelatedField, ResourceRelatedField
from rest_framework_json_api.serializers import ResourceIdentifierObjectSerializer
from rest_framework_json_api.utils import get_resource_type_from_instance

from .models import Album, Author, Book, Film, Item, Loan, Shelf


def item_identifier(item):
    """The resource identifier of an item: its subtype's type and its per-type number."""
    return {"type": get_resource_type_from_instance(item), "id": str(item.number)}


def item_model(resource_type):
    """The model of an item type, or None for a type that is not an item's."""
    if resource_type not in ItemSerializer.get_polymorphic_types():
        return None
    return ItemSerializer.get_polymorphic_model_for_type(resource_type)


def find_item(model, resource_id):
    """The item of `model` numbered `resource_id`, or None."""
    try:
        return model.objects.get(number=int(resource_id))
    except (TypeError, ValueError, ObjectDoesNotExist):
        return None


def item_types():
    return ", ".join(ItemSerializer.get_polymorphic_types())


class ItemRelatedField(PolymorphicResourceRelatedField):
    """A polymorphic to-one or to-many to items, identified by (type, number) rather than the shared pk.

    The stock `PolymorphicResourceRelatedField` writes `type` from the instance (good) but `id` from the
    pk, and looks an incoming identifier up by pk in the base queryset without using its type: with
    per-type ids it would turn `films/2` into whichever item has pk 2. Errors are the stock field's: a
    type that is not an item's is a 409, an id that names nothing a 400 (`does_not_exist`).
    """

    def __init__(self, **kwargs):
        super().__init__(ItemSerializer, **kwargs)

    def get_resource_id(self, value):
        return value.number

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            self.fail("incorrect_type", data_type=type(data).__name__)
        if "type" not in data:
            self.fail("missing_type")
        if "id" not in data:
            self.fail("missing_id")
        model = item_model(data["type"])
        if model is None:
            self.conflict("incorrect_relation_type", relation_type=item_types(), received_type=data["type"])
        item = find_item(model, data["id"])
        if item is None:
            self.fail("does_not_exist", pk_value=data["id"])
        return item


class ItemIdentifierSerializer(ResourceIdentifierObjectSerializer):
    """The relationship views' serializer for items.

    The stock `ResourceIdentifierObjectSerializer` writes pk ids, and accepts only the type of the
    relationship's model: `items` (which no member has) on a to-many, the current target's type on a
    to-one. Its validation errors on a to-many come keyed by index (`{0: [...]}`), which the error
    formatter cannot format (a 500 with an HTML body). So errors here are exceptions the formatter
    handles, with the statuses JSON:API asks for: 409 for a type that is not an item's, 404 for an id
    that names no item of its type.
    """

    def to_representation(self, instance):
        return item_identifier(instance)

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            # A list sent to a to-one: the stock serializer indexes it by "type" (a 500).
            raise ParseError("Received data is not a valid JSON:API Resource Identifier Object")
        model = item_model(data.get("type"))
        if model is None:
            raise Conflict(f"Incorrect relation type. Expected one of [{item_types()}], received {data.get('type')}.")
        item = find_item(model, data.get("id"))
        if item is None:
            raise NotFound(f"No {data.get('type')} with id {data.get('id')}.")
        return item


class AuthorSerializer(serializers.ModelSerializer):
    class Meta:
        model = Author
        fields = ["name"]


class BookSerializer(serializers.ModelSerializer):
    # The per-type number is the JSON:API id (djangorestframework-jsonapi takes a serialized `id` over the pk).
    id = serializers.IntegerField(source="number", read_only=True)
    author = ResourceRelatedField(
        queryset=Author.objects, required=False, allow_null=True,
        related_link_view_name="book-related", related_link_lookup_field="number", related_link_url_kwarg="pk",
        self_link_view_name="book-relationships")
    included_serializers = {"author": "catalog.serializers.AuthorSerializer"}

    class Meta:
        model = Book
        fields = ["id", "title", "author"]


class FilmSerializer(serializers.ModelSerializer):
    id = serializers.IntegerField(source="number", read_only=True)

    class Meta:
        model = Film
        fields = ["id", "title", "minutes"]


class AlbumSerializer(serializers.ModelSerializer):
    id = serializers.IntegerField(source="number", read_only=True)

    class Meta:
        model = Album
        fields = ["id", "title", "artist"]


class ItemSerializer(serializers.PolymorphicModelSerializer):
    polymorphic_serializers = [BookSerializer, FilmSerializer, AlbumSerializer]
    # `include` paths are checked against the polymorphic serializer's own map, not the subtype's: a path
    # that continues on only some subtypes (`item.author`) must be listed here.
    included_serializers = {"author": "catalog.serializers.AuthorSerializer"}

    class Meta:
        model = Item
        fields = ["title"]


class LoanSerializer(serializers.ModelSerializer):
    item = ItemRelatedField(
        queryset=Item.objects, related_link_view_name="loan-related", related_link_url_kwarg="pk",
        self_link_view_name="loan-relationships")
    included_serializers = {"item": "catalog.serializers.ItemSerializer"}

    class Meta:
        model = Loan
        fields = ["borrower", "due", "item"]


class ShelfSerializer(serializers.ModelSerializer):
    items = ItemRelatedField(
        queryset=Item.objects, many=True, required=False, related_link_view_name="shelf-related",
        related_link_url_kwarg="pk", self_link_view_name="shelf-relationships")
    included_serializers = {"items": "catalog.serializers.ItemSerializer"}

    class Meta:
        model = Shelf
        fields = ["name", "items"]
