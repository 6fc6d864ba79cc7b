from django.db import models


class Person(models.Model):
    name = models.CharField(max_length=100)
    email = models.EmailField(blank=True, null=True)
    twitter_handle = models.CharField(max_length=50, blank=True, null=True)

    class Meta:
        ordering = ["id"]


class Tag(models.Model):
    # Client-chosen ids: `clientID: true` in the schema.
    id = models.CharField(primary_key=True, max_length=50)
    name = models.CharField(max_length=100)

    class Meta:
        ordering = ["id"]


class Article(models.Model):
    title = models.CharField(max_length=200)
    body = models.TextField()
    published_at = models.DateTimeField()
    views = models.IntegerField(default=0)
    author = models.ForeignKey(Person, related_name="articles", on_delete=models.CASCADE)
    tags = models.ManyToManyField(Tag, related_name="articles", blank=True)

    class Meta:
        ordering = ["id"]


class Comment(models.Model):
    body = models.TextField()
    article = models.ForeignKey(Article, related_name="comments", on_delete=models.CASCADE)
    author = models.ForeignKey(Person, related_name="comments", null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["id"]
