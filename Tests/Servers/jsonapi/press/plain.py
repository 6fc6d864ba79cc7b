"""A plain Django REST framework view beside the JSON:API ones (issue 49, item 4): what a JSON:API API's
framework answers when a view is not JSON:API, e.g. a signup or a webhook endpoint.

``POST /subscriptions`` validates ``{"email": …, "article": …, "address": {"city": …}}`` with a plain DRF
serializer and answers 400 with DRF's own error shape, ``{"field": ["message", …]}`` (nested serializers
as nested objects), as ``application/json``; 201 with the subscription when it is valid. It renders with
DRF's ``JSONRenderer`` whatever the request's ``Accept`` says (as many servers do), so a JSON:API client
asking for ``application/vnd.api+json`` gets the plain shape. Nothing is stored.
"""
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.parsers import JSONParser
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import Article


class AddressSerializer(serializers.Serializer):
    city = serializers.CharField()


class SubscriptionSerializer(serializers.Serializer):
    email = serializers.EmailField()
    article = serializers.IntegerField()
    address = AddressSerializer(required=False)

    def validate_article(self, value):
        if not Article.objects.filter(pk=value).exists():
            raise serializers.ValidationError(f"no article {value}")
        return value


class IgnoreAccept(BaseContentNegotiation):
    """JSON whatever the client accepts: the view has one renderer."""

    def select_parser(self, request, parsers):
        return parsers[0]

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class SubscriptionView(APIView):
    parser_classes = [JSONParser]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = IgnoreAccept

    def post(self, request):
        serializer = SubscriptionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(serializer.validated_data, status=201)
