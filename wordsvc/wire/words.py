"""Wire models of the word routes: verdicts, batches, pattern search, categories, lexicon."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from wordsvc.batch import MAX_BATCH
from wordsvc.judge import MAX_PATTERN_LENGTH
from wordsvc.wire.common import QueryModel, WireModel

CATEGORIES_HELP = (
    "Agreed category ids, comma-separated or repeated (see /v1/categories); none: any word."
)


# --- queries -----------------------------------------------------------------------------


class CategoriesQuery(QueryModel):
    categories: list[str] = Field(default_factory=list, description=CATEGORIES_HELP)
    category: list[str] = Field(default_factory=list, description="One category id, repeatable.")

    def category_ids(self) -> list[str]:
        values = [*self.categories, *self.category]
        return [part.strip() for value in values for part in value.split(",") if part.strip()]


class CheckWordQuery(CategoriesQuery):
    suggest: bool = Field(default=True, description="Suggest near words for a refused word.")


class SearchQuery(CategoriesQuery):
    pattern: str = Field(
        min_length=1,
        max_length=MAX_PATTERN_LENGTH,
        description="`?` is one letter, `*` any run of letters, e.g. м?р*",
    )
    min_length: int | None = Field(default=None, ge=1, le=64)
    max_length: int | None = Field(default=None, ge=1, le=64)
    offset: int = Field(default=0, ge=0, le=1_000_000)
    limit: int = Field(default=50, ge=1, le=500)


# --- bodies ------------------------------------------------------------------------------


class CheckWordsBody(WireModel):
    words: list[str] = Field(
        json_schema_extra={"maxItems": MAX_BATCH},
        description=f"Up to {MAX_BATCH} words, as typed; more is 413 `too_many_words`.",
    )
    categories: list[str] | None = Field(default=None, description=CATEGORIES_HELP)
    suggest: StrictBool = Field(default=True, description="Suggest near words for refused words.")


class ArbitrateBody(WireModel):
    """Words to judge by a session's own categories and house words."""

    words: list[str] = Field(json_schema_extra={"maxItems": MAX_BATCH})
    suggest: StrictBool = True


# --- answers -----------------------------------------------------------------------------
# Validated from the domain's objects (wordsvc.judge, wordsvc.categories) by attribute, see
# common.to_json; a field here that the object lacks would fail, one it has more is left out.


class Change(WireModel):
    """One thing normalisation did to the input (apostrophe, case, a Latin look-alike...)."""

    code: str
    message: str
    details: dict[str, Any]


class CategoryVerdict(WireModel):
    id: str
    accepted: bool
    reason: str | None = Field(description="Why not, as a stable code; null when accepted.")
    reasons: list[str]
    message: str
    message_uk: str


class Analysis(WireModel):
    """One dictionary reading of the word form."""

    lemma: str
    pos: str | None
    grammemes: list[str] = Field(description="The tag's grammemes, sorted.")
    description: list[str] = Field(description="Their labels for people, in the tag's order.")
    tag: str
    source: str


class Suggestion(WireModel):
    """A playable word near a refused one, that a person would recognise: a word people
    know first, a rare one only within 1 edit, a non-normative form only as a surzhyk form."""

    word: str
    distance: float
    categories: list[str]
    zipf: float = Field(description="How common the word is (Zipf scale, 0: not listed).")
    note: Literal["surzhyk"] | None = Field(
        description="Why the word comes with a note, as a stable code; null for a standard "
        "word. `surzhyk`: a non-normative form, offered because the surzhyk category is "
        "agreed and admits it."
    )


class CommonnessBand(WireModel):
    """A band of the Zipf scale: common, ordinary, rare or unknown (not in the list)."""

    id: Literal["common", "ordinary", "rare", "unknown"]
    label: str
    label_uk: str


class Verdict(WireModel):
    """The whole answer to "is this word playable?"."""

    input: str
    word: str
    length: int
    valid: bool
    normalisation: list[Change]
    categories: list[CategoryVerdict]
    analyses: list[Analysis]
    suggestions: list[Suggestion]
    suggestions_omitted: bool
    house_word: bool
    normative: list[str] = Field(
        description="How a non-normative word is written in the standard language: two words "
        "written as one (нажаль: «на жаль»), or a Russian or surzhyk word's Ukrainian "
        "counterpart (тоже: «теж»). Empty for other words."
    )
    zipf: float = Field(
        description="How common the word is: log10 of its frequency per billion words in "
        "wordfreq's Ukrainian list (CC BY-SA 4.0), about 1 to 7; 0 when the list lacks it."
    )
    commonness: CommonnessBand


class InputRefusal(WireModel):
    code: str
    message: str
    details: dict[str, Any]


class RefusedInput(WireModel):
    """A batch item that is no word at all (digits, emoji...): refused in place."""

    input: str
    valid: Literal[False]
    error: InputRefusal


#: One word of a batch. A verdict is tried first: a refusal has none of its fields.
BatchItem = Annotated[Verdict | RefusedInput, Field(union_mode="left_to_right")]


class CheckWordsResult(WireModel):
    results: list[BatchItem] = Field(description="One per word, in order.")
    all_valid: bool


class ArbitrationResult(WireModel):
    """A batch check by a session's rules, which come first."""

    categories: list[str]
    house_words: list[str]
    results: list[BatchItem] = Field(description="One per word, in order.")
    all_valid: bool


class SearchPage(WireModel):
    pattern: str
    categories: list[str]
    words: list[str]
    offset: int
    limit: int
    total: int
    truncated: bool
    next_offset: int | None


class Category(WireModel):
    id: str
    name_uk: str
    name_en: str
    description: str
    variant_of: str | None
    list_file: str | None


class CategoryList(WireModel):
    categories: list[Category]


class LexiconManifest(BaseModel):
    """The built lexicon's manifest: sources, counts, checksums (more fields may come). The
    fields are in the order of the manifest file, which the answer keeps."""

    model_config = ConfigDict(extra="allow", frozen=True, defer_build=True)

    built_at: str
    wordsvc_version: str
    sources: list[dict[str, Any]]
    system_wordlist: str = Field(description='"included", or why Debian\'s list is not.')
    counts: dict[str, Any]
    letter_counts: dict[str, int]
    rejected_list_lines: dict[str, Any]
    seconds: dict[str, Any] = Field(description="How long each step of the build took.")
    format_version: int
    fingerprint: str
    files: dict[str, str] = Field(description="Each file's checksum.")


class HealthLexicon(WireModel):
    fingerprint: str
    built_at: str
    forms: int


class Health(WireModel):
    status: Literal["ok"]
    lexicon: HealthLexicon
