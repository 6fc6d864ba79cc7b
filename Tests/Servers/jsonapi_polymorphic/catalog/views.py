from rest_framework import mixins
from rest_framework_json_api import django_filters, filters
from rest_framework_json_api.pagination import JsonApiPageNumberPagination
from rest_framework_json_api.views import AutoPrefetchMixin, ModelViewSet, PreloadIncludesMixin, RelatedMixin, RelationshipView
from rest_framework.viewsets import GenericViewSet

from .models import Album, Author, Book, Film, Item, Loan, Shelf
from .serializers import (
    AlbumSerializer, AuthorSerializer, BookSerializer, FilmSerializer, ItemIdentifierSerializer, ItemSerializer, LoanSerializer, ShelfSerializer)


class Pagination(JsonApiPageNumberPagination):
    page_size = 5
    max_page_size = 100


FILTERS = [filters.QueryParameterValidationFilter, filters.OrderingFilter, django_filters.DjangoFilterBackend]


class NumberedViewSet(ModelViewSet):
    """A subtype's collection: `/books/2` is the book numbered 2 (its JSON:API id), not the item with pk 2."""

    lookup_field = "number"
    pagination_class = Pagination
    filter_backends = FILTERS
    ordering_fields = ["title"]


class BookViewSet(NumberedViewSet):
    queryset = Book.objects.all()
    serializer_class = BookSerializer


class FilmViewSet(NumberedViewSet):
    queryset = Film.objects.all()
    serializer_class = FilmSerializer


class AlbumViewSet(NumberedViewSet):
    queryset = Album.objects.all()
    serializer_class = AlbumSerializer


class ItemViewSet(AutoPrefetchMixin, PreloadIncludesMixin, RelatedMixin, mixins.ListModelMixin, mixins.CreateModelMixin, GenericViewSet):
    """The polymorphic collection: every book, film and album, in creation order. No `/items/{id}`: an
    id means nothing without its type."""

    queryset = Item.objects.all()
    serializer_class = ItemSerializer
    pagination_class = Pagination
    filter_backends = [filters.QueryParameterValidationFilter, filters.OrderingFilter]
    # Not `id`: it would sort by the shared pk, which no document shows.
    ordering_fields = ["title"]


class AuthorViewSet(ModelViewSet):
    queryset = Author.objects.all()
    serializer_class = AuthorSerializer
    pagination_class = Pagination


class LoanViewSet(ModelViewSet):
    queryset = Loan.objects.all()
    serializer_class = LoanSerializer
    pagination_class = Pagination
    filter_backends = FILTERS
    ordering_fields = ["due", "id"]


class ShelfViewSet(ModelViewSet):
    queryset = Shelf.objects.all()
    serializer_class = ShelfSerializer
    pagination_class = Pagination
    filter_backends = FILTERS
    ordering_fields = ["name", "id"]


class ItemRelationshipView(RelationshipView):
    """A relationship view whose members are items: identifiers are (type, number)."""

    serializer_class = ItemIdentifierSerializer


class LoanRelationshipView(ItemRelationshipView):
    queryset = Loan.objects.all()


class ShelfRelationshipView(ItemRelationshipView):
    queryset = Shelf.objects.all()


class BookRelationshipView(RelationshipView):
    queryset = Book.objects.all()
    lookup_field = "number"
