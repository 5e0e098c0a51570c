"""HTML pages: the host's projector screen and the player's phone sheet."""

from flask import Blueprint

bp = Blueprint("pages", __name__)
