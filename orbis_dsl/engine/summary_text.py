"""The simulation summary as text for a person: every win rate with its 95 % interval, the flags first.

A rate is printed as `38.2% (33.1%-43.5%)`: the rate and its exact (Clopper–Pearson) 95 % interval, in percent. A
`▲` or `▼` marks an interval that lies wholly above or below the fair rate (1 / players), the same rates the flags
list; the bound that decides it is printed with the decimals it takes to show it on its side of the fair rate.
"""

from __future__ import annotations

from orbis_dsl.engine.stats import interval_text


def summary_text(s: dict) -> str:
    b = s["balance"]
    out = [f"{s['games']} games of variant {s['variant']} ({s['players']} players), seed {s['seed']}, "
           f"policies {', '.join(s['policies'])}"]
    out += _flags(b)
    out.append(f"win rates with exact 95 % intervals (fair: {b['fair_rate']:.1%}; a win shared by k players counts "
               "1/k to each):")
    fair = b["fair_rate"]
    out.append("  win rate by seat:    " + _inline(b["win_rate_by_seat"], fair))
    if len(b["win_rate_by_policy"]) > 1:
        out.append("  win rate by policy:  " + _inline(b["win_rate_by_policy"], fair))
    out.append("  win rate by god:")
    out += _table(b["win_rate_by_god"], "held", fair)
    if b["win_rate_by_kind"]:
        out.append("  win rate by kind (players with at least one such tile face up):")
        out += _table(b["win_rate_by_kind"], "players", fair)
    out.append("mean CP with 95 % intervals: " + ", ".join(
        f"{k} {e['mean']:.2f} ({e['low']:.2f} to {e['high']:.2f})" for k, e in b["mean_cp"].items()))
    out += _details(s)
    need = b["games_needed"]
    out.append(f"games needed to tell a {need['edge']:.0%} edge from fair (5 % test, 80 % power): "
               f"{need['per_seat']} for a seat, {need['per_god']} for the god held least often here")
    return "\n".join(out)


def rate_text(e: dict, fair: float) -> str:
    """'38.2% (33.1%-43.5%)', with ▲ or ▼ when flagged."""
    mark = {"above": " ▲", "below": " ▼"}.get(e["flag"] or "", "")
    return f"{e['rate']:.1%} ({interval_text(e, fair)}){mark}"


def _inline(entries: dict, fair: float) -> str:
    return "   ".join(f"{k}: {rate_text(e, fair)}" for k, e in entries.items())


def _table(entries: dict, noun: str, fair: float) -> list[str]:
    rows = sorted(entries.items(), key=lambda kv: (-kv[1]["rate"], kv[0]))
    return [f"    {name:<12} {rate_text(e, fair):<26} {e['n']} {noun}" for name, e in rows]


def _flags(b: dict) -> list[str]:
    if b.get("not_tested"):
        return [f"no flags: {b['not_tested']}"]
    if not b["flags"]:
        return [f"no win rate's interval excludes the fair rate (about {b.get('flags_expected_by_chance', 0):g} "
                "flags would come by chance alone when every rate is fair)"]
    chance = b.get("flags_expected_by_chance", 0)
    return ([f"flags (the exact interval excludes the fair rate; about {chance:g} such flags come by chance "
             f"alone when every rate is fair):"] + [f"  ! {f}" for f in b["flags"]])


def _details(s: dict) -> list[str]:
    out = [f"mean deserts:       {s['mean_deserts']:.2f}    mean cancellations: {s['mean_cancellations']:.2f}"
           f"    mean exchanges: {s['mean_exchanges']:.2f}"]
    for name, a in s["awards"].items():
        prizes = ", ".join(f"{k}: {v}" for k, v in a["prizes"].items())
        out.append(f"award {name}: {a['holders_per_game']:.2f} holders per game, mean {a['mean_cp']:.2f} CP "
                   f"(prizes given {prizes})")
    length = s["game_length"]
    out.append(f"game length:        {length['rounds']:.0f} rounds, {length['turns']:.0f} turns; "
               f"gods taken in round {length['mean_god_round']:.1f} on average")
    if s["shared_wins"]:
        out.append(f"shared wins:        {s['shared_wins']} (each of a shared win's k winners counts 1/k of a win)")
    if s["games_short_of_cancel_tokens"]:
        out.append(f"games that ran out of Cancelation tokens: {s['games_short_of_cancel_tokens']}")
    return out
