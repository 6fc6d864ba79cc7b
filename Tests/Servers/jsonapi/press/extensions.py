"""The press URLs with drf-extensions' ETags (``server.py --drf-extensions``): a second, independent
implementation of conditional requests for resgen's tests, in place of press/conditional.py.

drf-extensions' ``APIETAGMixin`` (rest_framework_extensions 0.8.0) on the four resource viewsets: the tag
of a resource is the MD5 of its model row's values (not of the body), a list's of its rows'; a ``GET``
whose ``If-None-Match`` names it is answered ``304``; ``PATCH`` and ``DELETE`` must carry ``If-Match``
(``428 Precondition Required`` without, RFC 6585) and are refused with ``412`` and an error document when
it names another tag; a successful ``PATCH`` answer carries the new tag. No ``Cache-Control``: a client cache keeps
a document by its validator and revalidates it before each use.
"""
from rest_framework.exceptions import APIException
from rest_framework.routers import DefaultRouter
from rest_framework_extensions.etag.decorators import APIETAGProcessor
from rest_framework_extensions.etag.mixins import APIBaseETAGMixin

from . import urls as press
from .views import ArticleViewSet, CommentViewSet, PersonViewSet, TagViewSet


class PreconditionFailed(APIException):
    status_code = 412
    default_detail = "The resource changed since it was read."
    default_code = "precondition_failed"


class Processor(APIETAGProcessor):
    """drf-extensions' processor with its ``412`` raised, so the exception handler writes a JSON:API error
    document: its own ``Response(status=412)`` has no data, which djangorestframework-jsonapi's error
    renderer cannot render (a ``500``)."""

    def _get_and_log_precondition_failed_response(self, request):
        raise PreconditionFailed()


class ETagMixin(APIBaseETAGMixin):
    """drf-extensions' ``APIETAGMixin``, with ``Processor``."""

    @Processor(etag_func="api_list_etag_func")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @Processor(etag_func="api_object_etag_func")
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)

    @Processor(etag_func="api_object_etag_func", rebuild_after_method_evaluation=True)
    def update(self, request, *args, **kwargs):
        return super().update(request, *args, **kwargs)

    @Processor(etag_func="api_object_etag_func")
    def destroy(self, request, *args, **kwargs):
        return super().destroy(request, *args, **kwargs)


class ETagArticleViewSet(ETagMixin, ArticleViewSet):
    pass


class ETagPersonViewSet(ETagMixin, PersonViewSet):
    pass


class ETagCommentViewSet(ETagMixin, CommentViewSet):
    pass


class ETagTagViewSet(ETagMixin, TagViewSet):
    pass


router = DefaultRouter(trailing_slash=False)
router.register("articles", ETagArticleViewSet, basename="article")
router.register("people", ETagPersonViewSet, basename="person")
router.register("comments", ETagCommentViewSet, basename="comment")
router.register("tags", ETagTagViewSet, basename="tag")

# Every other route as press.urls has it (relationships, related resources, the second comments path).
urlpatterns = router.urls + press.urlpatterns[len(press.router.urls):]
