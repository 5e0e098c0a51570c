"""Solo play in the browser: the engine on the server is the only copy of the rules."""

from flask import Blueprint

bp = Blueprint("solo", __name__)
