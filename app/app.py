import reflex as rx
from fastapi import FastAPI

api = FastAPI()


@api.get("/wps/system/status")
async def status() -> dict:
    return {"success": True}


def index() -> rx.Component:
    return rx.el.div(rx.el.h1("hello", class_name="text-3xl font-bold text-red-600"))


app = rx.App(api_transformer=api)
app.add_page(index, route="/")
