"""Stage 2, square grids and the facts a grid record derives: `grid` declarations, `fact … from EXPR`, list facts of
held pieces. Functions of the checker's `Names` (check/state.py), as `env`."""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import unknown
from orbis_dsl.language.check.names import measure_facts
from orbis_dsl.language.check.types import BOOL, INT, PerMember
from orbis_dsl.language.syntax import ast_expr, ast_sheet
from orbis_dsl.runtime.grid import layout
from orbis_dsl.runtime.specs import GridMarkSpec, GridSpec

_FACINGS = 4  # a border side gives one member for every edge, or one per facing: north, east, south, west
# Cells a grid may have (docs/robustness.md, "Limits"): the bundled board has 24; `shape: 4000000` once took 48 s and
# 1 GB to check, and four rows of 500,000 checked clean and then took 126 s to score.
MAX_GRID_CELLS = 400


def grid_spec(env, decl: ast_sheet.GridDecl | None) -> GridSpec | None:
    if decl is None:
        return None
    where = decl.name_span or decl.span  # (what the grid's lines say, placed at its name)
    if not _grid_shape(env, decl, where):
        return None
    edges = _grid_edges(env, decl, where)
    if edges is None:
        return None
    marks = _grid_marks(env, decl, edges, where)
    borders = _grid_borders(env, decl, edges, where)
    areas = _grid_areas(env, decl, where)
    grid_faces(env, decl, areas)
    return GridSpec(decl.name, decl.title or decl.name, decl.shape, edges, decl.edges, tuple(marks), borders,
                    areas, decl.faces)


def _grid_shape(env, decl: ast_sheet.GridDecl, where) -> bool:
    """Errors for rows that are empty or not centred; False when there are too many cells to lay out."""
    if not decl.shape or min(decl.shape) < 1:
        env.error("a grid needs 'shape: …', rows of at least one cell", where)
    if sum(decl.shape) > MAX_GRID_CELLS:  # before anything is laid out
        env.error(f"a grid has at most {MAX_GRID_CELLS:,} cells; this shape has {sum(decl.shape):,}", where)
        return False
    widest = max(decl.shape, default=0)
    if any((widest - n) % 2 for n in decl.shape):
        env.error("the rows of a grid are centred: each must differ from the widest by an even number",
                  where)
    return True


def _grid_edges(env, decl: ast_sheet.GridDecl, where) -> tuple[str, ...] | None:
    """The members of the set each cell edge shows, or None after an error."""
    if decl.edges is None:
        env.error("a grid needs 'edges: SET', the set each cell edge shows", where)
        return None
    edges = env.sets.get(decl.edges)
    if edges is None:
        env.diags.append(unknown("set", decl.edges, env.sets, where))
    return edges


def _grid_marks(env, decl: ast_sheet.GridDecl, edges, where) -> list[GridMarkSpec]:
    """Each mark of a known set, with its homes; an error for a home of no mark."""
    marks = []
    homes: dict = {}
    for mark_name, edge, members in decl.homes:
        homes.setdefault(mark_name, []).append((edge, members))
    for name, title, set_name, in_patch in decl.marks:
        if set_name not in env.sets:
            env.diags.append(unknown("set", set_name, env.sets, where))
            continue
        home = _mark_homes(env, homes.pop(name, ()), env.sets[set_name], edges, decl)
        if home and not in_patch:
            env.error(f"'home {name}': the mark stands on the cell, not in a patch", where)
        marks.append(GridMarkSpec(name, title or name, env.sets[set_name], set_name, in_patch, home))
    for name in homes:
        env.diags.append(unknown("mark", name, [m[0] for m in decl.marks], where))
    return marks


def _grid_borders(env, decl: ast_sheet.GridDecl, edges, where) -> dict:
    """Each side's border members: one, or one per facing, each a member of the edge set; at least one side."""
    borders = {}
    for side, members in decl.borders:
        if len(members) not in (1, _FACINGS):
            env.error(f"border {side}: one member for every border edge, or four (north, east, south, "
                      f"west); got {len(members)}", where)
        for m in members:
            if m not in edges:
                env.diags.append(unknown(f"member of {decl.edges}", m, edges, where))
        borders[side] = members
    if not borders:
        env.error("a grid needs at least one 'border SIDE: …'", where)
    return borders


def _grid_areas(env, decl: ast_sheet.GridDecl, where) -> dict:
    """Each area's cells, each a cell of the grid's layout."""
    cells = layout(decl.shape)
    areas = {}
    for name, ids in decl.areas:
        for cid in ids:
            if cid not in cells:
                env.diags.append(unknown("cell", cid, list(cells), where))
        areas[name] = ids
    return areas


def grid_faces(env, decl: ast_sheet.GridDecl, areas: dict) -> None:
    """A face and an area are both measured as NAME_placed, NAME_MARK …: one name may not be both."""
    where = decl.name_span or decl.span
    if len(set(decl.faces)) != len(decl.faces):
        env.error("a face is listed twice in 'faces'", where)
    for face in decl.faces:
        if face in areas:
            env.error(f"'{face}' names both an area and a face of the grid: their measures would clash",
                      where)


def _mark_homes(env, clauses, members, edges, decl) -> dict[str, str]:
    home = {}
    where = decl.name_span or decl.span
    for edge, listed in clauses:
        if edge not in edges:
            env.diags.append(unknown("edge member", edge, edges, where))
        for member in listed:
            if member not in members:
                env.diags.append(unknown("member of the mark", member, members, where))
            elif member in home:
                env.error(f"'{member}' has two homes: {home[member]} and {edge}", where)
            home[member] = edge
    return home


def held_list_fact(env, decl: ast_sheet.FactDecl) -> None:
    family_name, flag = decl.type.choices
    family = env.families.get(family_name)
    if family is None or family.role != "players":
        # `list of NAME` lists a set's members or a family's held pieces: either is a near miss.
        held = sorted([n for n, f in env.families.items() if f.role == "players"] + list(env.sets))
        env.diags.append(unknown("set or family of held pieces", family_name, held, decl.type.span))
    if flag and flag in env.values:
        env.error(f"'{flag}' is a value: the flag of a list needs a name of its own", decl.type.span)


def derive(env, decl: ast_sheet.FactDecl, grid: GridSpec | None, shared_facts: dict[str, str]) -> None:
    """`from EXPR`: read over the grid's measures (and the facts given for the round or the game), a number
    like the fact."""
    if grid is None:
        env.error("'from' derives a fact from a grid record's board: the rule set declares no 'grid'",
                  decl.derive.span)
        return
    if decl.board_only and not decl.type.optional:
        env.error(f"'{decl.name}' comes only from a board, so a record of counts leaves it out: make its type "
                  f"optional ('{decl.type.name}?')", decl.type.span or decl.span)
    ctx = attrs.evolve(env.context(), facts={**shared_facts, **measure_facts(grid)})
    if decl.per is not None:
        # A fact per member of a set is one of the grid's measures over that same set.
        got = ctx.facts.get(decl.derive.name) if isinstance(decl.derive, ast_expr.Ref) else None
        if got != PerMember(decl.per):
            env.error(f"'{decl.name}' is given per member of {decl.per}: 'from' names a measure of the grid "
                      f"given per member of {decl.per}", decl.derive.span)
        return
    want = {"int": INT, "bool": BOOL}.get(decl.type.name)
    if want is None:
        env.error("only a number or a yes/no is derived from a grid", decl.derive.span)
        return
    env.expect(decl.derive, ctx, want, f"what '{decl.name}' is derived from", none_ok=False)
