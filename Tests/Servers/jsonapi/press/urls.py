from django.urls import path, re_path
from drf_spectacular.views import SpectacularJSONAPIView
from rest_framework.routers import DefaultRouter

from .cursor import CursorArticleViewSet
from .plain import SubscriptionView
from .views import ArticleRelationshipView, ArticleViewSet, MeViewSet, CommentRelationshipView, CommentViewSet, PersonCommentViewSet, PersonRelationshipView, PersonViewSet, TagViewSet

router = DefaultRouter(trailing_slash=False)
router.register("articles", ArticleViewSet, basename="article")
router.register("people", PersonViewSet, basename="person")
router.register("comments", CommentViewSet, basename="comment")
router.register("tags", TagViewSet, basename="tag")
# The cursor pagination profile (press/cursor.py).
router.register("cursor-articles", CursorArticleViewSet, basename="cursor-article")

urlpatterns = router.urls + [
    # The OpenAPI document (drf-spectacular-jsonapi), for `resgen import-openapi` (`make openapi-servers`).
    path("openapi.json", SpectacularJSONAPIView.as_view(), name="openapi"),
    # The person an X-Api-Key belongs to (press/views.py MeViewSet): a private answer per user.
    path("me", MeViewSet.as_view({"get": "me"}), name="me"),
    # A plain DRF view (press/plain.py): DRF's own error shape, `{"field": ["message"]}` (issue 49).
    path("subscriptions", SubscriptionView.as_view(), name="subscriptions"),
    re_path(r"^articles/(?P<pk>[^/.]+)/relationships/(?P<related_field>[-\w]+)$", ArticleRelationshipView.as_view(), name="article-relationships"),
    re_path(r"^people/(?P<pk>[^/.]+)/relationships/(?P<related_field>[-\w]+)$", PersonRelationshipView.as_view(), name="person-relationships"),
    re_path(r"^comments/(?P<pk>[^/.]+)/relationships/(?P<related_field>[-\w]+)$", CommentRelationshipView.as_view(), name="comment-relationships"),
    path("articles/<pk>/<related_field>", ArticleViewSet.as_view({"get": "retrieve_related"}), name="article-related"),
    # A second path of the comments collection (before the related route, which would take it).
    path("people/<person_pk>/comments", PersonCommentViewSet.as_view({"get": "list", "post": "create"}), name="person-comments"),
    path("people/<pk>/<related_field>", PersonViewSet.as_view({"get": "retrieve_related"}), name="person-related"),
]
