"""Every change this project makes to Lark's internals, in one place: Lark is pinned to major version 1
(pyproject.toml, `lark>=1.2,<2`), and each patch checks what it finds and does nothing where Lark is built
differently, so a Lark that changes its internals gives a slower parser or a failing test, never a wrong tree.

The patches (each installed on a parser by `parse.rules_lark`, so on `orbis check`'s and `orbis fmt`'s):

1. **Keyword lookup** (`install_keyword_lookup`). Replaces, in each of the contextual lexer's `BasicLexer`s as it
   builds its scanner (`_build_scanner` wrapped), the `UnlessCallback` that tells a keyword from a NAME by a regular
   expression with a dict lookup. Why: a third of the time to lex a 256 kB rule file. Held by
   tests/language/syntax/test_lark_keywords.py (the tokens equal Lark's own on every bundled rule file and on generated
   text; it fails if the lookup is not installed).
2. **Whole words** (`install_whole_words`). Replaces the `terminals` of each state lexer that takes no NAME, so that
   a keyword ends its word. Why: the language, not speed; `paramx: int` parsed silently as `param x: int`. Held by
   tests/language/syntax/test_lark_keywords.py and tests/language/syntax/test_syntax_errors.py.
3. **Lean positions** (`install_lean_positions`). Swaps the LALR parser's `callbacks` wrapped in
   `PropagatePositions` for `LeanPositions`, or `ONLY_CHILD` where a rule hands its one child on. Why: 40 % of
   Lark's parse of a 256 kB rule file. Held by tests/language/syntax/test_lark_positions.py (every node's
   positions equal Lark's own on every bundled rule file; it fails if the wrapper is not in use).
4. **Fast lexing** (`install_fast_lexing`). Replaces the contextual lexer's `lex` on the parser's instance with
   `FastLexing`, Lark's loop of `ContextualLexer.lex` and `BasicLexer.next_token` written as one generator over the
   same compiled scanners and callbacks; where nothing matches, Lark's own loop takes over and raises its error.
   Why: 0.77x the time of Lark's parse of the 256 kB file of tile lines (bench/bench_rules.py). Held by
   tests/language/syntax/test_lark_lexing.py (every token's type, text and positions, and every error, equal to Lark's
   loop on every bundled rule file, generated and mangled texts, the error recovery and `orbis fmt`'s comment
   callback; it fails if the loop is not in use).

5. **Built in the reductions** (`Reductions`). Not a change to the rules parser: a second LALR loop over the
   same parse table and contextual lexer (`_lalr_loop`, Lark's scanning and `feed_token` in one function, for
   texts with no mistake; Lark's own `_Parser` for the rest), with callbacks of its own that do at each
   reduction what Lark's tree builder does (tokens dropped, `_rule`s spliced in, placeholders, `?rule`s handed
   on, positions propagated) and then call the syntax tree's builders directly (`parse.built_in_reductions`):
   no Lark `Tree`, no second walk. Why: the tile file of bench/bench_rules.py parsed in about 0.65x the time.
   Held by tests/language/syntax/test_lark_reductions.py (the syntax tree, every field and span, equal to the
   one built from Lark's tree on every bundled rule file, the bench's files and texts drawn from the grammar;
   with no builders, Lark's own tree with its every position field; every mistake said as before; it fails if
   the rules parser does not build in its reductions).

Not patches, but reads of Lark's state beyond its documented API, kept beside the code that needs them:
`lark_recovery.py` cuts the interactive parser's `state_stack`/`value_stack` and moves its lexer state (held by
tests/language/syntax/test_syntax_errors.py), `lark_errors.py` probes a copy of a parser state with its `parse_conf`'s
callbacks emptied, and `transform_expr.py` recognises `v_args(meta=True, inline=True)` by Lark's
`_vargs_meta_inline` (held by tests/language/syntax/test_transform_walk.py).

---

Keyword lookup and whole words: Keywords told from names by one dict lookup, where Lark uses a regular expression.

Lark lexes a word such as `tile` or `stone` as a NAME, then asks whether it is a keyword instead: its
`UnlessCallback` runs `fullmatch` of the word against one alternation of every keyword string the NAME pattern
also matches. The rules grammar has about 130 keywords, and Python's `re` tries the branches of an alternation one
after another, so each word costs about 9 µs: a third of the time to lex a 256 kB rule file.

When every one of those keywords is a plain string with no flags, the first branch that matches a whole word is
the one whose string equals it, so a dict from each string to its terminal (the first terminal of a string wins,
as the first branch does) gives the same answer. Anything else keeps Lark's own callback.

This reaches into Lark's lexer (its `BasicLexer._build_scanner` and `callback`), so it checks what it finds and
does nothing where Lark is built differently; tests/language/syntax/test_lark_keywords.py compares the tokens with
Lark's own on every bundled rule file and fails if the lookup is no longer installed.

Whole words (`install_whole_words`): where the grammar takes no name, Lark's contextual lexer knows only that
place's keywords, each a plain string, and matches one as the start of a longer word: `ties: splitt` lexed as
`split` and then a name `t`, and `paramx: int` parsed, silently, as `param x: int`. There each keyword that ends
in a letter or digit must end the word, so that a longer word is lexed (by Lark's fallback to its lexer of every
terminal) as the one name it is, and refused as a whole.

Lean positions: Lark's position propagation, the same positions in fewer steps.

With `propagate_positions=True`, Lark wraps the callback of every grammar rule in a `PropagatePositions`: at each
reduction it finds the first and the last child that has a position (a token, or a subtree with one) and copies
their start and end into the new node's `meta`, beside "container" positions that carry the start of tokens an
inlined rule filtered out. It does so through generic lookups (`getattr` with defaults, a generator over the
children, a filter hook): 40 % of Lark's parse of a 256 kB rule file.

`LeanPositions` computes the same fields, in the same cases, with direct attribute reads: a subtree's meta has
its container fields whenever it is not empty (Lark sets both together), and a token has none. It replaces
Lark's wrapper only where that wrapper has no filter. tests/language/syntax/test_lark_positions.py compares every
node's positions with Lark's own on every bundled rule file and fails if the lean wrapper is not in use. A rule
that only hands its one child on (`?sum_expr: product`) gets no wrapper at all (ONLY_CHILD).
"""

from __future__ import annotations

import re
from operator import itemgetter

from lark import Lark, Token, Tree
from lark.exceptions import LexError
from lark.lexer import BasicLexer, ContextualLexer, PatternRE, PatternStr, TerminalDef, UnlessCallback
from lark.parse_tree_builder import PropagatePositions
from lark.parsers.lalr_analysis import Shift
from lark.parsers.lalr_parser import _Parser as _LarkParser
from lark.tree import Meta


class KeywordLookup:
    """A NAME token's type becomes its keyword's terminal when its text is a keyword: Lark's UnlessCallback, by dict."""

    __slots__ = ("types",)

    def __init__(self, types: dict[str, str]):
        self.types = types

    def __call__(self, token: Token) -> Token:
        keyword = self.types.get(token.value)
        if keyword is not None:
            token.type = keyword
        return token


def keyword_lookup(callback: object) -> KeywordLookup | None:
    """The dict lookup equal to Lark's `callback`, or None where it would not be equal."""
    if type(callback) is not UnlessCallback:
        return None
    scanner = getattr(callback, "scanner", None)
    if scanner is None or getattr(scanner, "g_regex_flags", None) != 0 or getattr(scanner, "use_bytes", True):
        return None
    types: dict[str, str] = {}
    for terminal in getattr(scanner, "terminals", ()):
        pattern = terminal.pattern
        if not isinstance(pattern, PatternStr) or pattern.flags:
            return None
        types.setdefault(pattern.value, terminal.name)
    return KeywordLookup(types) if types else None


def install_keyword_lookup(parser: Lark) -> int:
    """Give each of the parser's basic lexers the dict lookup as it builds its scanner (Lark builds them lazily,
    a state's lexer the first time the parser reaches that state). Returns how many lexers will use it."""
    contextual = getattr(getattr(parser, "parser", None), "lexer", None)
    lexers = set(getattr(contextual, "lexers", {}).values())
    lexers.add(getattr(contextual, "root_lexer", contextual))
    installed = 0
    for lexer in lexers:
        if isinstance(lexer, BasicLexer) and hasattr(lexer, "_build_scanner"):
            _wrap_build(lexer)
            installed += 1
    return installed


def _wrap_build(lexer: BasicLexer) -> None:
    build = lexer._build_scanner

    def build_with_lookup():
        scanner = build()
        _swap_callbacks(lexer)
        return scanner

    lexer._build_scanner = build_with_lookup
    if getattr(lexer, "_scanner", None) is not None:  # built already
        _swap_callbacks(lexer)


def _swap_callbacks(lexer: BasicLexer) -> None:
    callbacks = getattr(lexer, "callback", None)
    if not isinstance(callbacks, dict):
        return
    for name, callback in list(callbacks.items()):
        lookup = keyword_lookup(callback)
        if lookup is not None:
            callbacks[name] = lookup


_WORD_END = re.compile(r"\w\Z", re.ASCII)
_NOT_A_WORD_CHARACTER = r"(?![A-Za-z0-9_])"


def whole_word(terminal: TerminalDef) -> TerminalDef:
    """The terminal, matching only where its keyword ends the word (`split`, not the start of `splitt`)."""
    pattern = terminal.pattern
    if type(pattern) is not PatternStr or pattern.flags or not _WORD_END.search(pattern.value):
        return terminal
    regexp = PatternRE(re.escape(pattern.value) + _NOT_A_WORD_CHARACTER, raw=pattern.raw)
    return TerminalDef(terminal.name, regexp, terminal.priority)


def install_whole_words(parser: Lark, name: str = "NAME") -> int:
    """In each of the parser's state lexers without the terminal `name`, keywords match whole words only.
    Returns how many lexers were changed (the root lexer, which has names, never is)."""
    contextual = getattr(getattr(parser, "parser", None), "lexer", None)
    changed = 0
    for lexer in set(getattr(contextual, "lexers", {}).values()):
        terminals = getattr(lexer, "terminals", None)
        if not isinstance(lexer, BasicLexer) or not isinstance(terminals, list):
            continue
        if any(t.name == name for t in terminals):
            continue  # keywords here are names first (see KeywordLookup): whole words already
        converted = [whole_word(t) for t in terminals]
        if any(new is not old for new, old in zip(converted, terminals)):
            lexer.terminals = converted
            lexer._scanner = None  # (built lazily; rebuilt from the new terminals if it was built)
            changed += 1
    return changed


class LeanPositions:
    """Lark's PropagatePositions (no node filter), with direct attribute reads."""

    __slots__ = ("node_builder",)

    def __init__(self, node_builder):
        self.node_builder = node_builder

    def __call__(self, children):
        res = self.node_builder(children)
        if not isinstance(res, Tree):
            return res
        meta = res.meta
        # (a token at either end is where the search would stop: most rules start or end with a keyword)
        first = children[0] if children and type(children[0]) is Token else _first_position(children)
        if first is not None:
            if type(first) is Token or isinstance(first, Token):
                line, column, start = first.line, first.column, first.start_pos
            else:
                line, column, start = first.container_line, first.container_column, first.container_start_pos
            if not hasattr(meta, "line"):  # set already where the rule was inlined into its only child
                meta.line, meta.column, meta.start_pos, meta.empty = line, column, start, False
            meta.container_line, meta.container_column, meta.container_start_pos = line, column, start
            last = children[-1] if type(children[-1]) is Token else _first_position(reversed(children))
            if type(last) is Token or isinstance(last, Token):
                line, column, end = last.end_line, last.end_column, last.end_pos
            else:
                line, column, end = last.container_end_line, last.container_end_column, last.container_end_pos
            if not hasattr(meta, "end_line"):
                meta.end_line, meta.end_column, meta.end_pos, meta.empty = line, column, end, False
            meta.container_end_line, meta.container_end_column, meta.container_end_pos = line, column, end
        return res


def _first_position(children):
    """The first child with a position: a token, or the meta of a subtree that has one (Lark's `_pp_get_meta`)."""
    for child in children:
        if type(child) is Token:
            return child
        if child is None:
            continue
        if isinstance(child, Tree):
            meta = child._meta
            if meta is not None and not meta.empty:
                return meta
        elif isinstance(child, Token):
            return child
        elif hasattr(child, "__lark_meta__"):
            return _Container(child.__lark_meta__())
    return None


class _Container:
    """A position some other object gives (`__lark_meta__`), its container fields filled as Lark reads them."""

    def __init__(self, meta):
        for field in ("line", "column", "start_pos", "end_line", "end_column", "end_pos"):
            setattr(self, "container_" + field, getattr(meta, "container_" + field, getattr(meta, field)))


# The callback of a rule that always gives its one child back: `?sum_expr: product`, and every other step of the
# precedence chain that each number or name of an expression climbs (nine reductions from `atom` to `expr`). Lark
# hands the child on unchanged (ExpandSingleChild) and then propagates positions from the child to the child
# itself, which changes nothing; itemgetter does the first in C and skips the second.
ONLY_CHILD = itemgetter(0)


def install_lean_positions(parser: Lark) -> int:
    """Swap the parser's position wrappers for `LeanPositions`, or for `ONLY_CHILD` where a rule only hands its
    one child on. Returns how many were swapped."""
    callbacks = getattr(getattr(getattr(getattr(parser, "parser", None), "parser", None), "parser", None),
                        "callbacks", None)
    if not isinstance(callbacks, dict):
        return 0
    swapped = 0
    for rule, callback in callbacks.items():
        if type(callback) is PropagatePositions and callback.node_filter is None:
            callbacks[rule] = ONLY_CHILD if hands_on_its_child(rule) else LeanPositions(callback.node_builder)
            swapped += 1
    return swapped


def hands_on_its_child(rule) -> bool:
    """Whether Lark's tree for `rule` is always its one child: an inlined rule (`?`), not renamed, of one symbol
    that is kept as it is (a rule not itself spliced in, `_name`, or a token not filtered out), with no
    placeholder for an optional part to add a second child."""
    options = rule.options
    if not options.expand1 or rule.alias or len(rule.expansion) != 1 or any(options.empty_indices or ()):
        return False
    symbol = rule.expansion[0]
    return not symbol.filter_out if symbol.is_term else not symbol.name.startswith("_")


class FastLexing:
    """Lark's contextual lexer loop (`ContextualLexer.lex` around `BasicLexer.next_token`), as one generator.
    (`_lalr_loop` repeats its scanning inline, for speed: keep the two in step.)

    Each token is matched by the same compiled regular expressions Lark builds for the parser's state (its
    `Scanner`'s, the keyword lookup included), typed, positioned and handed to the same callbacks, in the same
    order; what goes is the bookkeeping around them: five Python calls a token (the lexer's `next_token`, two
    `match` wrappers, `Token.__new__`, `LineCounter.feed`), and a call more for each run of whitespace. Where no
    terminal matches, Lark's own loop takes over from that place and raises its own error, so every syntax error
    reads as before. The line counter and `last_token` are written back before each token is handed on: the
    error recovery (`lark_recovery.py`) reads them where a token is refused, moves them, and lexes on with a new
    loop, which starts from them."""

    __slots__ = ("contextual", "lark_lex", "plans")

    def __init__(self, contextual):
        self.contextual = contextual
        self.lark_lex = contextual.lex  # (Lark's, bound: the fallback)
        self.plans: dict = {}

    def plan(self, lexer: BasicLexer) -> tuple:
        """A state lexer's regular expressions, ignored terminals, callbacks and terminals that hold newlines,
        read once: its scanner is built (and the keyword lookup put in) on first use, as Lark does."""
        plan = self.plans.get(lexer)
        if plan is None:
            scanner = lexer.scanner
            plan = self.plans[lexer] = (tuple(scanner._mres), lexer.ignore_types, lexer.callback,
                                        lexer.newline_types)
        return plan

    def __call__(self, lexer_state, parser_state):
        slice_, counter = lexer_state.text, lexer_state.line_ctr
        text, end = getattr(slice_, "text", None), getattr(slice_, "end", None)
        if type(text) is not str or counter.newline_char != "\n":  # (bytes, or a Lark before TextSlice)
            yield from self.lark_lex(lexer_state, parser_state)
            return
        lexers, plans, new = self.contextual.lexers, self.plans, _new_string
        pos, line, line_start = counter.char_pos, counter.line, counter.line_start_pos
        while pos < end:
            lexer = lexers[parser_state.position]
            mres, ignore, callbacks, newlines = plans.get(lexer) or self.plan(lexer)
            match = _first_match(mres, text, pos, end)
            if match is None:  # Lark's loop from here: its error, or its root lexer's
                _count(counter, pos, line, line_start)
                yield from self.lark_lex(lexer_state, parser_state)
                return
            value, type_, start, start_line, column = match.group(0), match.lastgroup, pos, line, pos - line_start + 1
            pos = match.end()
            if type_ in newlines and "\n" in value:
                line += value.count("\n")
                line_start = start + value.rindex("\n") + 1
            ignored = type_ in ignore
            if ignored and type_ not in callbacks:
                continue  # (whitespace: counted when the next token is handed on, or at the end)
            token = new(Token, value)
            token.type, token.start_pos, token.value, token.end_pos = type_, start, value, pos
            token.line, token.column = start_line, column
            token.end_line, token.end_column = line, pos - line_start + 1
            _count(counter, pos, line, line_start)
            if type_ in callbacks:
                token = callbacks[type_](token)
            if ignored:
                continue
            if not isinstance(token, Token):
                raise LexError(f"Callbacks must return a token (returned {token!r})")
            lexer_state.last_token = token
            yield token
        _count(counter, pos, line, line_start)


_new_string = str.__new__


def _count(counter, pos: int, line: int, line_start: int) -> None:
    """Lark's line counter, standing at `pos` (as `LineCounter.feed` leaves it)."""
    counter.char_pos, counter.line, counter.line_start_pos = pos, line, line_start
    counter.column = pos - line_start + 1


def _first_match(mres, text: str, pos: int, end: int):
    for mre in mres:
        match = mre.match(text, pos, end)
        if match:
            return match
    return None


def install_fast_lexing(parser: Lark) -> bool:
    """Give the parser's contextual lexer the `FastLexing` loop. Returns whether it was installed (not where
    Lark's lexer is of another class, or its state lexers or texts are not as `FastLexing` reads them)."""
    contextual = getattr(getattr(parser, "parser", None), "lexer", None)
    if type(contextual) is not ContextualLexer or not isinstance(getattr(contextual, "lexers", None), dict):
        return False
    if not all(type(lexer) is BasicLexer for lexer in contextual.lexers.values()):
        return False
    if isinstance(getattr(contextual, "lex", None), FastLexing):
        return True
    contextual.lex = FastLexing(contextual)
    return True


# ---- 5. Built in the reductions ---------------------------------------------------------------------------------


class Reduced:
    """What a rule's reduction leaves on the LALR value stack when the syntax tree is built in the reductions
    (`Reductions`): the rule's built `value` (a node; for a rule spliced into its parent, `_names`, the list of
    its children's values), where it was written (`start`, `end`: the tokens its span starts and ends with, the
    `line, column` and `end_line, end_column` of Lark's meta), where its container starts and ends (`first`,
    `last`: Lark's `container_*` positions, which a parent's span is made of), and `height`, how many levels of
    Lark's tree it would be (the depth check reads it). An empty rule has no tokens: all four are None."""

    __slots__ = ("end", "first", "height", "last", "start", "value")


class Reductions:
    """A parse of the rules grammar that builds the syntax tree in Lark's reductions: no `Tree`, no positions
    copied into metas, no second walk.

    Each rule's callback does what Lark's chain for it does (`ChildFilterLALR`: anonymous tokens dropped,
    `_rule`s spliced in, `None` for each missing `[optional]` part; `ExpandSingleChild` for a `?rule` left with
    one child; `PropagatePositions`: a span from the first to the last child that has one, a container's start
    and end carried up), then hands the children's values and a `Reduced` for its meta to the builder the
    caller gives for the rule's name (`build_for`), or, where there is none, makes the Lark `Tree` Lark would
    (with a meta of the same positions). The parser runs Lark's own tables and contextual lexer (its `_Parser`
    over the rules parser's parse table), so every token, every reduction and every syntax error is Lark's.

    The loop itself is one function (`_lalr_loop`): Lark's `FastLexing` scanning and `ParserState.feed_token`
    run together over the same tables, scanners and callbacks, without a generator, a call a token, or the
    checks Lark asserts. It reads only texts that have no mistake: at the first text it cannot scan or a token
    the table refuses, the file is parsed again from its start by Lark's own loop (the builders are pure), so
    every error is Lark's own, raised by Lark.

    `plans` is None where Lark is built otherwise than this reads it (a rule kept whole with `!`, a
    template, a `?_rule`, no placeholders): the caller then builds from Lark's tree as before."""

    def __init__(self, parser: Lark):
        self.frontend, self.plans = getattr(parser, "parser", None), None
        self.idle: list = []  # (the caller's builders with their callbacks, kept between parses)
        lalr = getattr(getattr(self.frontend, "parser", None), "parser", None)
        table, callbacks = getattr(lalr, "parse_table", None), getattr(lalr, "callbacks", None)
        if table is None or not isinstance(callbacks, dict) or not hasattr(self.frontend, "_make_lexer_thread"):
            return
        if not getattr(parser.options, "maybe_placeholders", False) or type(lalr) is not _LarkParser:
            return
        self.table = table
        lexing = getattr(getattr(self.frontend, "lexer", None), "lex", None)
        self.lexing = lexing if isinstance(lexing, FastLexing) else None
        plans = {rule: reduction_plan(rule) for rule in callbacks if not isinstance(rule, str)}
        if all(plan is not None for plan in plans.values()):
            self.plans = plans

    def callbacks(self, build_for) -> dict:
        """Each rule's callback, building with `build_for(name)` (a function of a meta and the children's values,
        or None for a Lark `Tree`). Made once for a builder and kept: about a millisecond."""
        return {rule: reduction(plan, build_for(plan[0])) for rule, plan in self.plans.items()}

    def parse(self, text: str, callbacks: dict) -> Reduced:
        """The `Reduced` of the whole text's `start` rule; Lark's `UnexpectedInput` where the text has a syntax
        error, and whatever a builder raises."""
        if self.lexing is not None and type(text) is str:
            top = _lalr_loop(self.lexing, self.table, callbacks, text)
            if top is not None:
                return top
        return self.lark_parse(text, callbacks)

    def lark_parse(self, text: str, callbacks: dict) -> Reduced:
        """`parse` through Lark's own LALR loop (`_Parser.parse`, `ParserState.feed_token`)."""
        return _LarkParser(self.table, callbacks).parse(self.frontend._make_lexer_thread(text), "start")


def _lalr_loop(lexing: FastLexing, table, callbacks: dict, text: str) -> Reduced | None:
    """Lark's contextual lexing (as `FastLexing` does it) and LALR loop (as `ParserState.feed_token` does it) in
    one function: the `Reduced` of `start`, or None where the text has a mistake (for Lark's loop to say).
    (The scanning is `FastLexing.__call__`'s, written out again here: resuming a generator and a `feed_token`
    call for each token are what this saves.)"""
    lexers, plans = lexing.contextual.lexers, lexing.plans
    states, end_state = table.states, table.end_states["start"]
    state_stack, value_stack = [table.start_states["start"]], []
    pos, line, line_start, end, new = 0, 1, 0, len(text), _new_string
    while True:
        if pos < end:
            lexer = lexers[state_stack[-1]]
            mres, ignore, lexed, newlines = plans.get(lexer) or lexing.plan(lexer)
            for mre in mres:
                match = mre.match(text, pos, end)
                if match:
                    break
            else:
                return None
            value, type_, start, start_line, column = match.group(0), match.lastgroup, pos, line, pos - line_start + 1
            pos = match.end()
            if type_ in newlines and "\n" in value:
                line += value.count("\n")
                line_start = start + value.rindex("\n") + 1
            ignored = type_ in ignore
            if ignored and type_ not in lexed:
                continue
            token = new(Token, value)
            token.type, token.start_pos, token.value, token.end_pos = type_, start, value, pos
            token.line, token.column = start_line, column
            token.end_line, token.end_column = line, pos - line_start + 1
            if type_ in lexed:
                token = lexed[type_](token)
            if ignored:
                continue
            type_ = token.type
        else:
            type_ = "$END"
        while True:
            try:
                action, rule = states[state_stack[-1]][type_]
            except KeyError:
                return None
            if action is Shift:
                if type_ == "$END":
                    return None  # (Lark asserts this never happens)
                state_stack.append(rule)
                value_stack.append(token)
                break
            size = len(rule.expansion)
            if size:
                children = value_stack[-size:]
                del state_stack[-size:]
                del value_stack[-size:]
            else:
                children = []
            value_stack.append(callbacks[rule](children))
            state_stack.append(states[state_stack[-1]][rule.origin.name][1])
            if type_ == "$END" and state_stack[-1] == end_state:
                return value_stack[-1]


def reduction_plan(rule) -> tuple | None:
    """What Lark's tree builder does at a reduction of `rule`, as data: (the node's name, how its children are
    kept — Lark's `to_include` of `(index, spliced, placeholders before)` —, placeholders after, and the shape:
    "only" (the one child handed on as it is), "hand on" (a `?rule` left with one child: that child, its
    container widened), "splice" (a `_rule`: its children, for the parent to take in) or "node"). None for a
    rule this does not follow."""
    options = rule.options
    if options.keep_all_tokens or options.template_source is not None:
        return None
    kept_after = _kept_children(rule.expansion, options.empty_indices or ())
    if kept_after is None:
        return None
    kept, after = kept_after
    shape = _shape(rule, kept, after)
    return (str(rule.alias or rule.origin.name), kept, after, shape) if shape is not None else None


def _kept_children(expansion, flags) -> tuple[list, int] | None:
    """Lark's `maybe_create_child_filter` with placeholders: each kept symbol's (index, spliced, placeholders
    before it), and the placeholders after the last; `flags` says where an `[optional]` part was left out."""
    if flags and flags.count(False) != len(expansion):
        return None
    runs = [len(ones) for ones in "".join("1" if flag else "0" for flag in flags).split("0")] if flags else []
    runs += [0] * (len(expansion) + 1 - len(runs))
    kept, nones = [], 0
    for index, symbol in enumerate(expansion):
        nones += runs[index]
        if not (symbol.is_term and symbol.filter_out):
            kept.append((index, not symbol.is_term and symbol.name.startswith("_"), nones))
            nones = 0
    return kept, nones + runs[len(expansion)]


def _shape(rule, kept: list, after: int) -> str | None:
    if rule.options.expand1 and not rule.alias:  # (Lark's ExpandSingleChild, on the kept children)
        if any(spliced for _, spliced, _ in kept):
            return None  # (Lark would hand on one spliced grandchild; no rule of ours does)
        if len(kept) == 1 and not kept[0][2] and not after:
            return "only" if hands_on_its_child(rule) else "hand on"
        if len(kept) + sum(nones for *_, nones in kept) + after == 1:
            return None  # (a `?rule` of one placeholder)
    return "splice" if str(rule.origin.name).startswith("_") and not rule.alias else "node"


def reduction(plan: tuple, build):
    """The callback of one rule (see `reduction_plan`), building with `build(meta, *values)`, or a Lark `Tree`
    where `build` is None."""
    name, kept, after, shape = plan
    if shape == "only":
        return ONLY_CHILD
    if shape == "hand on":
        return _handing_on(kept[0][0])
    if build is None:
        build = _lark_tree(name)
    plain = not after and not any(spliced or nones for _, spliced, nones in kept)
    if shape == "splice":
        if plain and len(kept) == 1:
            return _wrapping(kept[0][0])
        if not after and kept and kept[0][0] == 0 and kept[0][1] and not any(nones for *_, nones in kept):
            return _growing(tuple(kept[1:]))
    elif plain:
        return _building_plain(tuple(index for index, _, _ in kept), build)
    return _building(tuple(kept), after, build, shape == "splice")


def _handing_on(index: int):
    def hand_on(children):
        child = children[index]
        if type(child) is not Reduced:
            return child  # a token: Lark leaves it as it is
        first, last = _container(children)
        if first is not None:
            if child.start is None:
                child.start = first
            child.first = first
        if last is not None:
            if child.end is None:
                child.end = last
            child.last = last
        if type(child.value) is Tree:  # (a Lark tree made where a rule has no builder: its meta, as Lark's)
            child.value._meta = lark_meta(child)
        return child

    return hand_on


def _building(kept: tuple, after: int, build, splice: bool):
    levels = 0 if splice else 1  # (a spliced rule is no level of Lark's tree: its children are its parent's)

    def reduce(children):
        first, last = _ends(children)
        values, height = [], 0
        for index, spliced, nones in kept:
            if nones:
                values += [None] * nones
            child = children[index]
            if type(child) is Reduced:
                if child.height > height:
                    height = child.height
                if not spliced:
                    values.append(child.value)
                elif values:
                    values += child.value
                else:  # (left recursion: the list of a `_rule*` grows in place, as Lark's ChildFilterLALR has it)
                    values = child.value
            else:
                values.append(child)
        if after:
            values += [None] * after
        reduced = Reduced()
        reduced.start = reduced.first = first
        reduced.end = reduced.last = last
        reduced.height = height + levels
        reduced.value = values if splice else build(reduced, *values)
        return reduced

    return reduce


def _building_plain(indices: tuple, build):
    """`_building` for a node whose every kept child is taken as it is (no placeholder, nothing spliced): most."""

    def reduce(children):
        first, last = _ends(children)
        values, height = [], 0
        for index in indices:
            child = children[index]
            if type(child) is Reduced:
                if child.height > height:
                    height = child.height
                values.append(child.value)
            else:
                values.append(child)
        reduced = Reduced()
        reduced.start = reduced.first = first
        reduced.end = reduced.last = last
        reduced.height = height + 1
        reduced.value = build(reduced, *values)
        return reduced

    return reduce


def _wrapping(index: int):
    """A `_rule` of one kept child that is not spliced (`_item: tile_decl`, `_where: "where" expr`): the child's
    `Reduced` itself, its value made the list of one that the parent splices in and its container the rule's
    (it is no level of Lark's tree; its own span was read by its builder already)."""

    def reduce(children):
        first, last = _ends(children)
        child = children[index]
        if type(child) is Reduced:
            child.value = [child.value]
        else:
            token, child = child, Reduced()
            child.value, child.start, child.end, child.height = [token], first, last, 0
        child.first, child.last = first, last
        return child

    return reduce


def _growing(rest: tuple):
    """A left-recursive `_rule` that starts with itself (the rule of a `*` or `+` list): its first child's list,
    grown in place by the rest, as Lark's ChildFilterLALR grows it."""

    def reduce(children):
        grown = children[0]
        values, height = grown.value, grown.height
        for index, spliced, _ in rest:
            child = children[index]
            if type(child) is Reduced:
                if child.height > height:
                    height = child.height
                if spliced:
                    values += child.value
                else:
                    values.append(child.value)
            else:
                values.append(child)
        first, last = _ends(children)
        grown.first, grown.last, grown.height = first, last, height
        return grown

    return reduce


def _ends(children) -> tuple:
    """`_container`, first trying the two ends (a token, or a child with a position: nearly always)."""
    if children:
        child = children[0]
        first = child.first if type(child) is Reduced else child
        child = children[-1]
        last = child.last if type(child) is Reduced else child
        if first is not None and last is not None:
            return first, last
    return _container(children)


def _container(children) -> tuple:
    """The tokens the first and the last child with a position start and end with (Lark's `_pp_get_meta`, for
    the containers' positions)."""
    first = last = None
    for child in children:
        if type(child) is Reduced:
            if child.first is not None:
                first = child.first
                break
        elif child is not None:
            first = child
            break
    else:
        return None, None
    for child in reversed(children):
        if type(child) is Reduced:
            if child.last is not None:
                return first, child.last
        elif child is not None:
            return first, child
    return first, last


def _lark_tree(name: str):
    def tree(reduced: Reduced, *children):
        return Tree(name, list(children), lark_meta(reduced))

    return tree


def lark_meta(reduced: Reduced):
    """A Lark meta of the positions a `Reduced` holds, as Lark's propagation sets them."""
    meta = Meta()
    start, end, first, last = reduced.start, reduced.end, reduced.first, reduced.last
    if start is not None:
        meta.line, meta.column, meta.start_pos, meta.empty = start.line, start.column, start.start_pos, False
        meta.container_line, meta.container_column, meta.container_start_pos = first.line, first.column, \
            first.start_pos
    if end is not None:
        meta.end_line, meta.end_column, meta.end_pos, meta.empty = end.end_line, end.end_column, end.end_pos, False
        meta.container_end_line, meta.container_end_column, meta.container_end_pos = last.end_line, \
            last.end_column, last.end_pos
    return meta
