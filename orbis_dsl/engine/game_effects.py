"""The `api` the rule set's handlers call when a tile or a god takes effect: gain, reduce, pay, destroy, cancel.

The engine knows no kind or god by name: every effect arrives here through the compiled handlers. A choice an
effect leaves open (which colours, whether to pay) is asked of the seat's policy and checked.
"""

from __future__ import annotations

from orbis_dsl.engine.game_turn import IllegalMove


class EffectApi:
    """What a handler may do to the game; mixed into `Game` (game.py), whose state it reads and changes."""

    def gain(self, p, count, colour) -> None:
        """`count` worshippers from the aether: of `colour`, or of the colours the policy picks when None."""
        T = self.tables
        me = self.players[p.index]
        if count <= 0:
            return
        if colour is None:
            got = self.policies[me.seat].choose_gain(self, me, count)
            if len(got) != count:
                raise IllegalMove(f"the effect gains {count} worshippers, not {len(got)}")
            for c in got:
                if type(c) is not int or not 0 <= c < T.nc:
                    raise IllegalMove(f"unknown colour {c!r}")
        else:
            got = [T.cidx[colour]] * count
        realm, aether = me.realm, self.aether
        for c in got:
            realm[c] += 1
            aether[c] -= 1
        if self.rec is not None:
            self.rec.emit("gain " + T.color_list(got))

    def reduce(self, p, colour) -> None:
        me = self.players[p.index]
        me.reduced[self.tables.cidx[colour]] = True
        if self.rec is not None:
            self.rec.emit(f"reduce {colour}")

    def pay(self, p, count, colour) -> bool:
        """Give `count` worshippers (of `colour`, or any when None) if the player can and the policy will:
        False lets the handler apply what the rule does otherwise (such as cancelling the tile)."""
        T = self.tables
        me = self.players[p.index]
        if count < 1:  # a value or parameter worked out to nothing (or less) to give: there is nothing to refuse
            return True
        policy = self.policies[me.seat]
        if T.exchange is not None:
            self._exchanges(me, policy, "effect")
        what = f"{count} {colour or 'any'}"
        ci = None if colour is None else T.cidx[colour]
        have = sum(me.realm) if ci is None else me.realm[ci]
        if have < count:
            if self.rec is not None:
                self.rec.emit(f"cannot give {what}")
            return False
        choice = policy.choose_effect_pay(self, me, count, ci)
        if choice is None:
            if self.rec is not None:
                self.rec.emit(f"refuse to give {what}")
            return False
        choice = list(choice)
        if len(choice) != count or (ci is not None and any(c != ci for c in choice)):
            raise IllegalMove(f"the effect asks for {what}; {T.color_list(choice) or 'nothing'} given")
        self._remove(me, choice, "for the effect")
        if self.rec is not None:
            self.rec.emit("give " + T.color_list(choice))
        return True

    def destroy(self, p, count, colour) -> bool:
        """Destroy `count` worshippers of `colour` on the other display tiles, where the policy says, if there are
        enough and the policy will: False lets the handler apply what the rule does otherwise."""
        T = self.tables
        me = self.players[p.index]
        if count < 1:  # as in pay: nothing to destroy
            return True
        if colour is None:  # an amount parameter of '2 any' (a literal is refused by the checker): no colour to take
            if self.rec is not None:
                self.rec.emit(f"cannot destroy {count} any")
            return False
        ci = T.cidx[colour]
        dw = self.dw
        current = self.current_slot
        here = []  # (slot, how many), and their total (plain loops: no function objects each destroy)
        total = 0
        for s in range(T.display):
            n = dw[s][ci]
            if s != current and n > 0:
                here.append((s, n))
                total += n
        what = f"{count} {colour}"
        if total < count:
            if self.rec is not None:
                self.rec.emit(f"cannot destroy {what}")
            return False
        choice = self.policies[me.seat].choose_destroy(self, me, count, ci, here)
        if choice is None:
            if self.rec is not None:
                self.rec.emit(f"refuse to destroy {what}")
            return False
        choice = list(choice)
        if len(choice) != count:
            raise IllegalMove(f"the effect destroys {what}; {len(choice)} chosen")
        avail = dict(here)
        for s in choice:
            if s == current:
                raise IllegalMove("worshippers are destroyed on the other display tiles only")
            if avail.get(s, 0) <= 0:
                raise IllegalMove(f"display {s + 1 if isinstance(s, int) else s} holds no more {colour} worshippers")
            avail[s] -= 1
        for s in choice:
            dw[s][ci] -= 1
            self.aether[ci] += 1
        if self.rec is not None:
            self.rec.emit(f"destroy {what} from display {', '.join(str(s + 1) for s in choice)}")
        return True

    def cancel(self, p, t) -> None:
        """Cancel a tile (or, with `t` None, the player's god) once, using a cancellation token."""
        me = self.players[p.index]
        if t is None:
            if me.god_cancelled:
                return
            me.god_cancelled = True
            p.god_cancelled = True
        else:
            if t.cancelled:
                return
            if t is not self.current_tile:  # a tile of an earlier turn may be shared with copies (`PlayerState.copy`)
                t = me.own_tile(t)
            t.cancelled = True
            t.validated = False  # a cancelled tile scores nothing (`Game._mark_validated`)
            me.cancelled[t.pos] = True
        me.cancels += 1
        self.tokens -= 1
        if self.rec is not None:
            self.rec.emit("cancelled")

