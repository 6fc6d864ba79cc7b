from django.db import models


class Speaker(models.Model):
    name = models.CharField(max_length=100)

    class Meta:
        ordering = ["id"]


class Talk(models.Model):
    title = models.CharField(max_length=200)
    speaker = models.ForeignKey(Speaker, related_name="talks", on_delete=models.CASCADE)

    class Meta:
        ordering = ["id"]
