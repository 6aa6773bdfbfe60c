"""Help centre (/help, /helpmc): the brand's articles in the visitor's language, with search."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import INPUT
from components.i18n import t
from components.layout import layout
from pages.registry import Page
from state.content.help import HelpState
from state.site import SiteState


def _article(article: rx.Var) -> rx.Component:
    return rx.el.details(
        rx.el.summary(
            rx.el.span(
                article.category,
                class_name="text-xs uppercase text-amber-700 dark:text-amber-400 mr-2",
            ),
            article.title,
            class_name="cursor-pointer font-semibold py-3",
        ),
        rx.html(article.content, class_name="pb-4 text-slate-700 dark:text-slate-300"),
        class_name="border-b border-slate-200 dark:border-slate-800 px-1",
        data_testid="help-article",
    )


def help_page() -> rx.Component:
    articles = HelpState.articles_by_lang.get(SiteState.lang, [])
    return layout(
        rx.el.h1(t("help.title"), class_name="text-2xl font-bold mb-4"),
        rx.debounce_input(
            rx.el.input(
                type="search",
                placeholder=t("help.search"),
                aria_label=t("help.search"),
                value=HelpState.query,
                on_change=HelpState.search,
                class_name=f"{INPUT} mb-4 max-w-xl",
                data_testid="help-search",
            ),
            debounce_timeout=250,
        ),
        rx.cond(
            articles.length() > 0,
            rx.el.div(rx.foreach(articles, _article), data_testid="help-articles"),
            rx.el.p(
                rx.cond(HelpState.query != "", t("help.no_match"), t("help.empty")),
                class_name="text-slate-500 dark:text-slate-400",
                data_testid="help-empty",
            ),
        ),
    )


PAGES = (
    Page(routes.HELP, help_page, "Help", load=(HelpState.load,)),
    Page(routes.HELP_MC, help_page, "Help", load=(HelpState.load,), indexed=False),
)
