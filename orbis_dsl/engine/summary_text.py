"""The simulation summary as text for a person: every win rate with its 95 % interval, the flags first.

A rate is printed as `38.2% (33.1%-43.5%)`: the rate and its exact (Clopper–Pearson) 95 % interval, in percent. A
`▲` or `▼` marks a rate the flags list (a seat or god whose test rejects fairness after Holm's correction across
the report's tests). Gods show the raw rate, the rate adjusted for seat and pick order, and how often they were
taken when revealed.
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
    out += _gods(b, fair)
    if b["win_rate_by_kind"]:
        note = b.get("kinds_note")
        out.append("  win rate by kind (players with at least one such tile face up" + (f"; {note}" if note else "")
                   + "):")
        out += _table(b["win_rate_by_kind"], "players", fair)
    out.append("mean CP with 95 % intervals: " + ", ".join(
        f"{k} {e['mean']:.2f} ({e['low']:.2f} to {e['high']:.2f})" for k, e in b["mean_cp"].items()))
    out += _details(s)
    quality = b.get("game_quality")
    if quality:
        m = quality["margin"]
        out.append(f"game quality:       first player {100 * quality['first_player_advantage']:+.1f} points over fair; "
                   f"winning margin {m['mean']:.1f} CP on average (quartiles {m['q1']:g}, {m['median']:g}, "
                   f"{m['q3']:g}); {quality['shared_win_share']:.1%} of wins shared")
        if "lead_changes" in quality:
            out.append(f"                    {quality['lead_changes']:.1f} lead changes a game; the winner was behind "
                       f"after round {quality['late_round']} in {quality['drama']:.1%} of games (drama)")
            out.append(f"                    {quality['decision_moves']:.0%} of takes were decisions (options more "
                       f"than 1 CP apart); {quality['branching']:.1f} options a take (branching factor)")
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


def _gods(b: dict, fair: float) -> list[str]:
    """One line per god, the best raw rate first: raw rate, adjusted rate, pick rate."""
    adjusted = b.get("win_rate_by_god_adjusted")
    picks = b.get("pick_rate_by_god") or {}
    head = "  win rate by god: raw"
    if adjusted is not None:
        head += ", adjusted for seat and pick order (its 95 % interval)"
    if picks:
        head += "; taken when revealed, first god taken, round taken (mean; median and its interval)"
    out = [head + ":"]
    if adjusted is None and b.get("adjusted_note"):
        out.append(f"    ({b['adjusted_note']})")
    rows = sorted(b["win_rate_by_god"].items(), key=lambda kv: (-kv[1]["rate"], kv[0]))
    for name, e in rows:
        line = f"    {name:<12} {rate_text(e, fair) if adjusted is None else _plain(e):<22} {e['n']:>4} held"
        a = (adjusted or {}).get(name)
        if a is not None:
            mark = {"above": " ▲", "below": " ▼"}.get(a.get("flag") or "", "")
            line += f"   adjusted {a['rate']:.1%} ({a['rate_low']:.1%}-{a['rate_high']:.1%}){mark}"
        pick = picks.get(name)
        if pick is not None:
            line = f"{line:<76}" if a is not None else line
            line += (f"   taken {pick['rate']:.0%} ({pick['low']:.0%}-{pick['high']:.0%}) of {pick['revealed']}, "
                     f"first {pick['first_rate']:.0%} ({pick['first_low']:.0%}-{pick['first_high']:.0%})"
                     + _round_taken(pick))
        out.append(line.rstrip())
    return out


def _round_taken(pick: dict) -> str:
    """", round 8.9 (median 9, 8-10)": when a god was taken, the mean round and the median with its interval."""
    if pick["mean_round"] is None:
        return ""
    median = pick.get("median_round")
    if median is None:  # (a summary written before the median was kept)
        return f", round {pick['mean_round']:.1f}"
    return (f", round {pick['mean_round']:.1f} (median {median:g}, "
            f"{pick['median_round_low']}-{pick['median_round_high']})")


def _plain(e: dict) -> str:
    return f"{e['rate']:.1%} ({e['low']:.1%}-{e['high']:.1%})"


def _flags(b: dict) -> list[str]:
    if b.get("not_tested"):
        return [f"no flags: {b['not_tested']}"]
    tested = len(b.get("tests", ()))
    family = (f"Holm's correction across the {tested} seat and god tests: at most a 5 % chance of any flag when "
              "all are fair")
    if not b["flags"]:
        return [f"no flags: no seat or god differs from fair ({family})"]
    return [f"flags ({family}):"] + [f"  ! {f}" for f in b["flags"]]


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
