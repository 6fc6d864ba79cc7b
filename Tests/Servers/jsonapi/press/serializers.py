from rest_framework_json_api import serializers
from rest_framework_json_api.relations import ResourceRelatedField

from .models import Article, Comment, Person, Tag


class PersonSerializer(serializers.ModelSerializer):
    articles = ResourceRelatedField(many=True, read_only=True, related_link_view_name="person-related", related_link_url_kwarg="pk", self_link_view_name="person-relationships")
    included_serializers = {"articles": "press.serializers.ArticleSerializer"}

    class Meta:
        model = Person
        fields = ["name", "email", "twitter_handle", "articles"]


class TagSerializer(serializers.ModelSerializer):
    id = serializers.CharField(required=False)

    class Meta:
        model = Tag
        fields = ["id", "name"]


class CommentSerializer(serializers.ModelSerializer):
    included_serializers = {
        "author": "press.serializers.PersonSerializer",
        "article": "press.serializers.ArticleSerializer",
    }

    class Meta:
        model = Comment
        fields = ["body", "article", "author"]


class ArticleSerializer(serializers.ModelSerializer):
    author = ResourceRelatedField(queryset=Person.objects, related_link_view_name="article-related", related_link_url_kwarg="pk", self_link_view_name="article-relationships")
    comments = ResourceRelatedField(many=True, read_only=True, related_link_view_name="article-related", related_link_url_kwarg="pk", self_link_view_name="article-relationships")
    tags = ResourceRelatedField(many=True, queryset=Tag.objects, required=False, related_link_view_name="article-related", related_link_url_kwarg="pk", self_link_view_name="article-relationships")
    included_serializers = {
        "author": "press.serializers.PersonSerializer",
        "comments": "press.serializers.CommentSerializer",
        "tags": "press.serializers.TagSerializer",
    }

    # In the resource object's `meta` (djangorestframework-jsonapi's `meta_fields`), for typed resource meta.
    reading_minutes = serializers.SerializerMethodField()

    class Meta:
        model = Article
        fields = ["title", "body", "published_at", "views", "author", "comments", "tags"]
        read_only_fields = ["views"]
        meta_fields = ["reading_minutes"]

    def get_reading_minutes(self, article):
        return max(1, len(article.body.split()) // 200)

    def validate_title(self, value):
        if value.strip().lower() == "forbidden":
            raise serializers.ValidationError("This title is not allowed.")
        if value.strip().lower() == "embargoed":
            # A custom error object: djangorestframework-jsonapi passes `links` through as given.
            raise serializers.ValidationError({
                "detail": "This title is embargoed.",
                "code": "embargoed",
                "links": {"about": "https://press.example/errors/embargoed", "type": "https://press.example/errors/types/title"},
            })
        return value

    def get_root_meta(self, resource, many):
        return {"count": len(resource)} if many else {"word-count": len(resource.get("body", "").split())}
