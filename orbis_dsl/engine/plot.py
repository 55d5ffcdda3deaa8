"""The balance report as a picture (`orbis simulate --plot report.svg`): win rate by seat and by god (raw, and
adjusted for seat and pick order when the model was fitted), each with its 95 % interval as an error bar and
the fair rate as a dashed line; how often each god was taken when revealed; and the distribution of final
scores, and the game's quality (how often the final winner led after each round, with Ludii's measures beside
it). Gods a pack adds or changes are marked "(new)"; gods are listed by name, so the same gods keep their
places from one run to the next.

Needs matplotlib, the optional extra `orbis-dsl[plot]`. The figure is drawn on a plain `Figure` (no pyplot, so no
global state and no display), with text kept as SVG text and a fixed hash salt and no date, so the same report
gives the same file. Every series carries an SVG id (`seat-1`, `god-love`, `score-greedy-3`, `seat-errors`, …)
for tests and for anyone styling or scripting the picture.
"""

from __future__ import annotations

import re
from pathlib import Path

FLAGGED = "#c0392b"  # an interval that excludes the fair rate
PLAIN = "#4c72b0"


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed."""


def require_matplotlib():
    """(matplotlib, Figure), or PlotUnavailable saying how to install them."""
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailable("plots need matplotlib: pip install 'orbis-dsl[plot]'") from None
    return matplotlib, Figure


def plot_report(summary: dict, results: list[dict], path: Path | str, marks=None, every_god=()) -> None:
    """Write the picture of a simulation to `path` (SVG, or any format matplotlib knows by the suffix). `marks`:
    the gods a pack adds or changes, each with its word ("new", "changed"), shown after its name; `every_god`: the
    rules' gods, each given its row even when no game revealed it, so that a god keeps its place between runs."""
    marks = marks or {}
    matplotlib, Figure = require_matplotlib()
    balance = summary["balance"]
    gods = balance["win_rate_by_god"]
    # DejaVu Sans ships with matplotlib: the same metrics, so the same layout, whatever fonts the machine has and
    # whether its font cache is still being built.
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "orbis-dsl", "font.size": 9,
                                "font.family": "DejaVu Sans"}):
        fig = Figure(figsize=(18.5, 4 + 0.18 * len(gods)), layout="constrained")
        seat_ax, god_ax, pick_ax, score_ax, quality_ax = fig.subplots(1, 5, width_ratios=[0.8, 1.4, 1.1, 1.2, 1.2])
        fair = balance["fair_rate"]
        _rates(seat_ax, balance["win_rate_by_seat"], "seat", fair, vertical=True)
        seat_ax.set_title("win rate by seat")
        seat_ax.set_xlabel("seat")
        picks = balance.get("pick_rate_by_god") or {}
        # by name, the first at the top: the same places in every run; a god revealed but never taken too
        order = sorted(set(gods) | set(picks) | set(every_god), reverse=True)
        never = {"n": 0, "rate": 0.0, "low": 0.0, "high": 0.0, "flag": None}
        gods = {n: gods.get(n, never) for n in order}
        labels = {n: f"{n}{f' ({marks[n]})' if n in marks else ''} ({gods[n]['n']})" for n in order}
        _rates(god_ax, gods, "god", fair, vertical=False, names=order, labels=labels)
        adjusted = balance.get("win_rate_by_god_adjusted")
        if adjusted:
            _adjusted(god_ax, adjusted, order)
        god_ax.set_title("win rate by god (times held)" + ("; ◆ adjusted for seat and pick order" if adjusted else ""))
        _picks(pick_ax, picks, order, labels)
        _scores(score_ax, results)
        _quality(quality_ax, balance.get("game_quality") or {})
        fig.suptitle(f"{summary['games']} games of {summary['variant']}, policies {', '.join(summary['policies'])}"
                     f" · bars: 95 % intervals · dashed: fair rate {fair:.0%} · red: flagged (Holm-corrected)")
        fig.savefig(path, format=Path(path).suffix.lstrip(".") or "svg", metadata={"Date": None})
    if Path(path).suffix.lower() in ("", ".svg"):
        _number_clip_paths(Path(path))


def _number_clip_paths(path: Path) -> None:
    """matplotlib names clip paths by a hash of their full-precision box, which can differ in the last digit
    between two drawings of the same report in one process: number them in order instead, so the same report
    draws the same bytes."""
    import re

    text = path.read_text(encoding="utf-8")
    names: dict[str, str] = {}
    for found in re.finditer(r'<clipPath id="(p[0-9a-f]{10})"', text):
        names.setdefault(found.group(1), f"clip{len(names) + 1}")
    text = re.sub(r"\bp[0-9a-f]{10}\b", lambda m: names.get(m.group(0), m.group(0)), text)
    path.write_text(text, encoding="utf-8")


def _rates(ax, entries: dict, prefix: str, fair: float, vertical: bool, names=None, labels=None) -> None:
    """Bars of win rates with their intervals; red where the rate is flagged."""
    from matplotlib.ticker import PercentFormatter

    names = list(entries) if names is None else list(names)
    rates = [entries[n]["rate"] for n in names]
    errors = [[entries[n]["rate"] - entries[n]["low"] for n in names],
              [entries[n]["high"] - entries[n]["rate"] for n in names]]
    colours = [FLAGGED if entries[n]["flag"] else PLAIN for n in names]
    where = range(len(names))
    top = min(1.0, max([fair * 1.5] + [entries[n]["high"] for n in names]) + 0.05)  # room for the widest bar
    if vertical:
        bars = ax.bar(where, rates, color=colours, tick_label=names)
        caps = ax.errorbar(where, rates, yerr=errors, fmt="none", ecolor="black", capsize=3)
        ax.axhline(fair, linestyle="--", color="grey", gid=f"{prefix}-fair")
        ax.set_ylabel("win rate")
        ax.set_ylim(0, top)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    else:
        bars = ax.barh(where, rates, color=colours,
                       tick_label=[(labels or {}).get(n, f"{n} ({entries[n]['n']})") for n in names])
        caps = ax.errorbar(rates, where, xerr=errors, fmt="none", ecolor="black", capsize=3)
        ax.axvline(fair, linestyle="--", color="grey", gid=f"{prefix}-fair")
        ax.set_xlabel("win rate")
        ax.set_xlim(0, top)
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    for name, bar in zip(names, bars):
        bar.set_gid(svg_id(f"{prefix}-{name}"))
    for collection in caps.lines[2]:
        collection.set_gid(f"{prefix}-errors")


def _adjusted(ax, adjusted: dict, names: list[str]) -> None:
    """The adjusted rates as diamonds with their intervals, over the raw bars; red where flagged."""
    where = [i for i, n in enumerate(names) if n in adjusted]
    shown = [names[i] for i in where]
    rates = [adjusted[n]["rate"] for n in shown]
    errors = [[adjusted[n]["rate"] - adjusted[n]["rate_low"] for n in shown],
              [adjusted[n]["rate_high"] - adjusted[n]["rate"] for n in shown]]
    caps = ax.errorbar(rates, where, xerr=errors, fmt="D", color="black", ecolor="dimgrey", markersize=4,
                       capsize=2, gid="god-adjusted")
    caps.lines[0].set_gid("god-adjusted")
    for collection in caps.lines[2]:
        collection.set_gid("god-adjusted-errors")
    for i, n in zip(where, shown):
        if adjusted[n].get("flag"):
            ax.plot([adjusted[n]["rate"]], [i], "D", color=FLAGGED, markersize=5, gid=svg_id(f"god-adjusted-{n}"))


def _picks(ax, picks: dict, names: list[str], labels: dict) -> None:
    """How often each god was taken when revealed, with its exact interval."""
    from matplotlib.ticker import PercentFormatter

    where = range(len(names))
    rates = [picks[n]["rate"] if n in picks else 0.0 for n in names]
    errors = [[(picks[n]["rate"] - picks[n]["low"]) if n in picks else 0.0 for n in names],
              [(picks[n]["high"] - picks[n]["rate"]) if n in picks else 0.0 for n in names]]
    bars = ax.barh(where, rates, color=PLAIN, tick_label=[labels[n] for n in names])
    caps = ax.errorbar(rates, where, xerr=errors, fmt="none", ecolor="black", capsize=3)
    for name, bar in zip(names, bars):
        bar.set_gid(svg_id(f"pick-{name}"))
    for collection in caps.lines[2]:
        collection.set_gid("pick-errors")
    ax.set_xlim(0, 1.05)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("taken when revealed")
    ax.set_title("pick rate by god")


def _scores(ax, results: list[dict]) -> None:
    """Histograms of final CP, one per policy (one for all players when every seat plays the same)."""
    from matplotlib.ticker import MaxNLocator

    by_policy: dict[str, list[int]] = {}
    for r in results:
        for p in r["players"]:
            by_policy.setdefault(p["policy"], []).append(p["total"])
    everything = [t for totals in by_policy.values() for t in totals]
    low, high = (min(everything), max(everything)) if everything else (0, 1)
    edges = [x - 0.5 for x in range(low, high + 2)] if high - low <= 60 else 40
    for name, totals in sorted(by_policy.items()):
        _, _, patches = ax.hist(totals, bins=edges, alpha=0.6, label=f"{name} ({len(totals)} players)")
        for i, patch in enumerate(patches):
            patch.set_gid(svg_id(f"score-{name}-{i}"))
    ax.set_title("final score (CP)")
    ax.set_xlabel("CP")
    ax.set_ylabel("players")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend()


def _quality(ax, quality: dict) -> None:
    """Game quality: how often the final winner led after each round (the drama, as a curve), and the measures
    beside it as text (first-player advantage, lead changes, drama, margin, shared wins, decisions, branching)."""
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    ax.set_title("game quality")
    leads = quality.get("winner_leads_by_round")
    if leads:
        rounds = range(1, len(leads) + 1)
        ax.plot(rounds, leads, marker="o", markersize=3, color=PLAIN, gid="quality-winner-leads")
        ax.axvline(quality["late_round"], linestyle=":", color="grey", gid="quality-late-round")
        ax.set_ylim(0, 1.05)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel("round")
        ax.set_ylabel("games the final winner leads")
    else:
        ax.set_axis_off()
    if not quality:
        return
    m = quality["margin"]
    lines = [f"first player {100 * quality['first_player_advantage']:+.1f} points over fair",
             f"winning margin {m['mean']:.1f} CP (quartiles {m['q1']:g}, {m['median']:g}, {m['q3']:g})",
             f"shared wins {quality['shared_win_share']:.1%}"]
    if leads:
        lines += [f"{quality['lead_changes']:.1f} lead changes a game",
                  f"winner behind after round {quality['late_round']}: {quality['drama']:.0%} (drama)",
                  f"decision moves {quality['decision_moves']:.0%} of takes",
                  f"branching factor {quality['branching']:.1f} options a take"]
    ax.text(0.03, 0.03, "\n".join(lines), transform=ax.transAxes, fontsize=8, va="bottom", gid="quality-text",
            bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "lightgrey"})


def svg_id(text: str) -> str:
    """An SVG (XML) id from a name: 'score-mcts:48-3' → 'score-mcts_48-3'."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text)
