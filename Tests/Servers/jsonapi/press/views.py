from django.shortcuts import get_object_or_404
from rest_framework.exceptions import NotAuthenticated
from rest_framework_json_api import filters, django_filters
from rest_framework_json_api.pagination import JsonApiPageNumberPagination
from rest_framework_json_api.views import ModelViewSet, RelationshipView
from rest_framework.filters import SearchFilter

from .models import Article, Comment, Person, Tag
from .serializers import ArticleSerializer, CommentSerializer, PersonSerializer, TagSerializer


class Pagination(JsonApiPageNumberPagination):
    page_size = 5
    max_page_size = 100


FILTERS = [filters.QueryParameterValidationFilter, filters.OrderingFilter, django_filters.DjangoFilterBackend, SearchFilter]


class ArticleViewSet(ModelViewSet):
    queryset = Article.objects.all()
    serializer_class = ArticleSerializer
    pagination_class = Pagination
    filter_backends = FILTERS
    ordering_fields = ["published_at", "title", "views", "id"]
    filterset_fields = {"author": ("exact", "in"), "title": ("exact", "icontains"), "tags": ("exact",)}
    search_fields = ["title", "body"]


class PersonViewSet(ModelViewSet):
    queryset = Person.objects.all()
    serializer_class = PersonSerializer
    pagination_class = Pagination
    filter_backends = FILTERS
    ordering_fields = ["name", "id"]
    filterset_fields = {"name": ("exact",)}


class MeViewSet(PersonViewSet):
    """The person an API key belongs to, at /me: one URL whose answer depends on who asks (issue 46: one
    client cache, several users). The key is ``X-Api-Key: person-<id>``, a stand-in for a real key in a
    field of the API's own; the answer says ``Cache-Control: private, max-age=600``, the user's own data,
    which no cache may hand to another user."""

    def me(self, request):
        key = request.headers.get("X-Api-Key", "")
        if not key.startswith("person-"):
            raise NotAuthenticated("X-Api-Key: person-<id> is required")
        self.kwargs["pk"] = key[len("person-"):]
        response = self.retrieve(request)
        response["Cache-Control"] = "private, max-age=600"
        return response


class CommentViewSet(ModelViewSet):
    queryset = Comment.objects.all()
    serializer_class = CommentSerializer
    pagination_class = Pagination
    filter_backends = FILTERS
    ordering_fields = ["id"]
    filterset_fields = {"article": ("exact",)}


class PersonCommentViewSet(ModelViewSet):
    """The comments one person wrote, at /people/{id}/comments: a second path of the comments collection
    (the schema's `paths:`), which lists and creates; a comment created here is the person's."""
    serializer_class = CommentSerializer
    pagination_class = Pagination
    filter_backends = FILTERS
    ordering_fields = ["id"]
    filterset_fields = {"article": ("exact",)}

    def author(self):
        return get_object_or_404(Person, pk=self.kwargs["person_pk"])

    def get_queryset(self):
        return Comment.objects.filter(author=self.author())

    def perform_create(self, serializer):
        serializer.save(author=self.author())


class TagViewSet(ModelViewSet):
    queryset = Tag.objects.all()
    serializer_class = TagSerializer
    pagination_class = Pagination


class ArticleRelationshipView(RelationshipView):
    queryset = Article.objects.all()


class PersonRelationshipView(RelationshipView):
    queryset = Person.objects.all()


class CommentRelationshipView(RelationshipView):
    queryset = Comment.objects.all()
