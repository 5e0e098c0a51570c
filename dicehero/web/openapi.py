"""placeholder"""
from flask import Flask
def init_app(app: Flask) -> None:
    pass
