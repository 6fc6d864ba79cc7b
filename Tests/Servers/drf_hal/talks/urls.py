"""drf-hal-json's own serializers, renderer and pagination over two models; a root document links both
collections (as a bare string, as drf-hal-json writes every link)."""
from django.urls import path
from drf_hal_json.pagination import HalPageNumberPagination
from drf_hal_json.serializers import HalModelSerializer
from drf_hal_json.views import HalCreateModelMixin
from rest_framework import viewsets
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.routers import DefaultRouter
from rest_framework.views import APIView

from .models import Speaker, Talk


class SpeakerSerializer(HalModelSerializer):
    class Meta:
        model = Speaker
        fields = ["self", "name", "talks"]  # `talks`: the reverse relation, an array of links


class TalkSerializer(HalModelSerializer):
    class Meta:
        model = Talk
        fields = ["self", "title", "speaker"]


class Pages(HalPageNumberPagination):
    page_size = 2


class SpeakerViewSet(HalCreateModelMixin, viewsets.ModelViewSet):
    queryset = Speaker.objects.all()
    serializer_class = SpeakerSerializer
    pagination_class = Pages


class TalkViewSet(HalCreateModelMixin, viewsets.ModelViewSet):
    queryset = Talk.objects.all()
    serializer_class = TalkSerializer
    pagination_class = Pages


class Root(APIView):
    def get(self, request):
        return Response({"_links": {
            "self": request.build_absolute_uri(),
            "talks": reverse("talk-list", request=request),
            "speakers": reverse("speaker-list", request=request),
        }})


router = DefaultRouter()
router.register("talks", TalkViewSet, basename="talk")
router.register("speakers", SpeakerViewSet, basename="speaker")

urlpatterns = [path("", Root.as_view(), name="root")] + router.urls
