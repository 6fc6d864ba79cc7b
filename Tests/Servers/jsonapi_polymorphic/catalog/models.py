"""A lending library whose items are books, films and albums (django-polymorphic multi-table inheritance).

django-polymorphic children share their parent's primary key, so the base `Item.pk` is unique across
all three types. The JSON:API id of an item is its per-type `number` instead: books, films and albums
are each numbered from 1, and `books/2` and `films/2` are different things, as on a server that keeps
each type in its own table. The serializers, related fields and relationship views map (type, id)
to (model, number) in both directions; `Item.pk` never appears in a document.
"""
from django.db import models
from polymorphic.models import PolymorphicModel


class Author(models.Model):
    name = models.CharField(max_length=100)

    class Meta:
        ordering = ["id"]


class Item(PolymorphicModel):
    title = models.CharField(max_length=200)

    class Meta:
        # Creation order: the seed interleaves the types, so `GET /items` mixes them on every page.
        ordering = ["id"]


class Numbered(models.Model):
    """A per-type number, the item's JSON:API id: the next free one of its type when not given."""

    number = models.PositiveIntegerField(unique=True)

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if self.number is None:
            last = type(self).objects.aggregate(models.Max("number"))["number__max"]
            self.number = (last or 0) + 1
        super().save(*args, **kwargs)


class Book(Item, Numbered):
    # Only books have an author: `include=item.author` continues on some members of a polymorphic
    # relationship and not on others.
    author = models.ForeignKey(Author, related_name="books", null=True, blank=True, on_delete=models.SET_NULL)


class Film(Item, Numbered):
    minutes = models.PositiveIntegerField()


class Album(Item, Numbered):
    artist = models.CharField(max_length=100)


class Loan(models.Model):
    borrower = models.CharField(max_length=100)
    due = models.DateField()
    # A polymorphic to-one: a book, a film or an album.
    item = models.ForeignKey(Item, related_name="loans", on_delete=models.CASCADE)

    class Meta:
        ordering = ["id"]


class Shelf(models.Model):
    name = models.CharField(max_length=100)
    # A polymorphic to-many, in `Item` order (creation order).
    items = models.ManyToManyField(Item, related_name="shelves", blank=True)

    class Meta:
        ordering = ["id"]
