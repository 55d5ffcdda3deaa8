"""A dry run of a rule handler: an `api` that totals what an effect would do without touching the game, so a
policy can weigh a take before making it."""

from __future__ import annotations


class EffectProbe:
    """An `api` that runs a handler without touching the game: it totals what the effect would gain, pay and
    whether it would cancel, assuming the player pays whatever it can."""

    __slots__ = ("cancelled", "gained", "game", "realm", "reduced", "slot", "spent")

    def __init__(self, game, realm, slot):
        self.game = game
        self.realm = realm
        self.spent = 0
        self.gained = 0
        self.reduced = 0
        self.cancelled = False
        self.slot = slot

    def gain(self, p, count, colour):
        self.gained += count

    def reduce(self, p, colour):
        ci = self.game.tables.cidx[colour]
        if not self.game.players[p.index].reduced[ci]:
            self.reduced += 1

    def pay(self, p, count, colour):
        have = sum(self.realm) if colour is None else self.realm[self.game.tables.cidx[colour]]
        if have - self.spent >= count:
            self.spent += count
            return True
        return False

    def destroy(self, p, count, colour):
        ci = self.game.tables.cidx[colour]
        dw = self.game.dw
        here = 0  # every display tile's but the taken slot's (a plain loop: no function object a dry run)
        for w in dw:
            here += w[ci]
        if 0 <= self.slot < len(dw):
            here -= dw[self.slot][ci]
        return here >= count

    def cancel(self, p, t):
        self.cancelled = True


_new_object = object.__new__


def new_probe(game, realm, slot) -> EffectProbe:
    """`EffectProbe(game, realm, slot)`, field by field: a class call runs `__init__` from C, a fresh run of the
    interpreter each time, where a plain function's call is run inline (the greedy policy makes one per dry run;
    tests/engine/test_engine_types.py holds the two alike)."""
    probe = _new_object(EffectProbe)
    probe.game = game
    probe.realm = realm
    probe.spent = 0
    probe.gained = 0
    probe.reduced = 0
    probe.cancelled = False
    probe.slot = slot
    return probe
