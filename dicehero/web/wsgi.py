"""The WSGI entry point for gunicorn: ``dicehero.web.wsgi:app`` (see ``gunicorn_conf``)."""

from dicehero.web import create_app

app = create_app()
