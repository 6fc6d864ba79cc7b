from django.urls import path, re_path
from rest_framework.routers import DefaultRouter

from .views import (
    AlbumViewSet, AuthorViewSet, BookRelationshipView, BookViewSet, FilmViewSet, ItemViewSet, LoanRelationshipView, LoanViewSet,
    ShelfRelationshipView, ShelfViewSet)

router = DefaultRouter(trailing_slash=False)
router.register("books", BookViewSet, basename="book")
router.register("films", FilmViewSet, basename="film")
router.register("albums", AlbumViewSet, basename="album")
router.register("authors", AuthorViewSet, basename="author")
router.register("items", ItemViewSet, basename="item")
router.register("loans", LoanViewSet, basename="loan")
router.register("shelves", ShelfViewSet, basename="shelf")

RELATIONSHIP = r"^{}/(?P<{}>[^/.]+)/relationships/(?P<related_field>[-\w]+)$"

urlpatterns = router.urls + [
    re_path(RELATIONSHIP.format("loans", "pk"), LoanRelationshipView.as_view(), name="loan-relationships"),
    re_path(RELATIONSHIP.format("shelves", "pk"), ShelfRelationshipView.as_view(), name="shelf-relationships"),
    re_path(RELATIONSHIP.format("books", "number"), BookRelationshipView.as_view(), name="book-relationships"),
    path("loans/<pk>/<related_field>", LoanViewSet.as_view({"get": "retrieve_related"}), name="loan-related"),
    path("shelves/<pk>/<related_field>", ShelfViewSet.as_view({"get": "retrieve_related"}), name="shelf-related"),
    path("books/<number>/<related_field>", BookViewSet.as_view({"get": "retrieve_related"}), name="book-related"),
]
