"""Words the games' data gives in several languages (a zone's title, a kind's heading, a count of a kind's cards):
English wherever they go (``--json``, files), the data's own translation where they are shown, as the catalog's
messages are (:func:`deckcli.i18n.translated`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckcli.i18n import Message, language_in_use, translation


class DataLabel(Message):
    """An English word of the data with its translations beside it (``{"ja": "デッキ", "ru": "Колода"}``)."""

    labels: dict[str, str]

    def __new__(cls, english: str, labels: Mapping[str, str] | None = None) -> DataLabel:
        self = str.__new__(cls, english)
        self.msgid, self.plural, self.number, self.args = english, None, 1, {}
        self.labels = dict(labels or {})
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (DataLabel, (str(self), self.labels))

    def translated(self) -> str:
        return self.labels.get(language_in_use(), str(self))


class DataCount(Message):
    """A count of a kind's cards ("2 champions"): English as :func:`deckcli.words.plural` says it, shown in the
    data's forms for the user's language (``{"ru": ["{count} чемпион", "{count} чемпиона", "{count} чемпионов"]}``,
    in the order of that language's plural forms)."""

    forms: dict[str, list[str]]

    def __new__(cls, english: Message, forms: Mapping[str, list[str]] | None = None) -> DataCount:
        self = str.__new__(cls, english)
        self.msgid, self.plural, self.number, self.args = english.msgid, english.plural, english.number, {}
        self.forms = {code: list(texts) for code, texts in (forms or {}).items()}
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_count, (self.msgid, self.plural, self.number, self.forms))

    def translated(self) -> str:
        texts = self.forms.get(language_in_use())
        if not texts:
            return str(self)
        choose = getattr(translation(), "plural", None)  # the catalog's Plural-Forms rule
        index = choose(self.number) if choose is not None else 0
        return texts[min(index, len(texts) - 1)].format(count=self.number)


def _count(msgid: str, plural: str | None, number: int, forms: dict[str, list[str]]) -> DataCount:
    return DataCount(Message(msgid, plural, number), forms)
