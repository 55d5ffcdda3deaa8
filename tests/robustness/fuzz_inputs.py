"""Mutation fuzzers of the inputs issue 35 bounded: sweep specs, the Dask address, the pad's HTTP requests and
the pack cache's files. Each target draws an input from a `random.Random` and runs it against its oracle, raising
on a failure (an AssertionError for a wrong answer, anything else is a crash); it returns a label of what
happened, for statistics. `test_fuzz_inputs.py` drives them with hypothesis, `bench/fuzz_budget.py` for a time
budget. (Not a test module: pytest collects only test_*.py.)"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED_RECORDS = [ROOT / "tests/robustness/seeds/games/2p-first-game-new-box.json",
                ROOT / "tests/robustness/seeds/games/quickstart-4p.orbisgame"]


def mutate(data: bytes, rng: random.Random, tokens: list[bytes], rounds: int | None = None) -> bytes:
    """A few random edits of `data`: bytes flipped, slices deleted or repeated, tokens inserted, the end cut off,
    brackets opened thousands deep."""
    out = bytearray(data)
    for _ in range(rounds or rng.randint(1, 4)):
        at = rng.randint(0, len(out))
        op = rng.randrange(7)
        if op == 0 and out:
            out[min(at, len(out) - 1)] = rng.randrange(256)
        elif op == 1:
            del out[at:at + rng.randint(1, 20)]
        elif op == 2:
            out[at:at] = rng.choice(tokens)
        elif op == 3:
            end = min(len(out), at + rng.randint(1, 60))
            out[at:at] = out[at:end] * rng.randint(1, 50)
        elif op == 4:
            del out[at:]
        elif op == 5:
            deep = rng.choice([3, 50, 1_000, 20_000])
            opening, closing = rng.choice([(b"[", b"]"), (b"{", b"}"), (b"{a = ", b"}"), (b'{"a":', b"}")])
            out[at:at] = opening * deep + closing * rng.choice([0, deep])
        else:
            out[at:at] = rng.choice(tokens) * rng.randint(2, 9)
    return bytes(out)


# ---- sweep specs -------------------------------------------------------------------------------------------

SPEC_SEEDS = [
    b'games = 3\nseed = 8\nvariants = ["2p"]\npolicies = ["greedy"]\n',
    b'games = 2\nvariants = ["2p", "3p"]\npacks = ["base"]\npolicies = ["greedy", "mcts:2,random"]\n'
    b'[options]\nmajority_needs_one = [false, true]\n',
    b"games = 1\nseed = -4\nvariants = '4p'\n[options]\ntemple_count = [\"tiles\"]\n",
]
SPEC_TOKENS = [b"[", b"]", b"{", b"}", b"=", b'"', b"'", b'"""', b"'''", b"\n", b"#", b",", b"games", b"seed",
               b"variants", b"packs", b"policies", b"[options]", b"[[options]]", b"9223372036854775807",
               b"-9223372036854775809", b"0", b"-1", b"1e400", b"inf", b"nan", b"true", b"9" * 5000, b"\x00",
               b"\xff", b"\xed\xa0\x80", b"mcts:999999999", b"greedy,", b"\\u0000", b"\\", b" = [1, 2, 3, 4, 5, 6]",
               b"1979-05-27T07:32:00Z", b"\r\n", b"\t", "é".encode()]


class SweepSpecs:
    name = "sweep spec"

    def __init__(self, folder: Path):
        self.path = folder / "grid.toml"

    def generate(self, rng: random.Random) -> bytes:
        return mutate(rng.choice(SPEC_SEEDS), rng, SPEC_TOKENS)

    def run(self, data: bytes) -> str:
        from orbis_dsl.engine import sweep_spec

        self.path.write_bytes(data)
        result = sweep_spec.read_spec(self.path, "grid.toml")
        if result.sweep is None:
            assert result.diagnostics, "refused without a reason"
            for d in result.diagnostics:
                assert (d.span.file if d.span else d.file) == "grid.toml", d
                assert len(d.message) < 1_000, d.message[:200]
            return "refused"
        sweep = result.sweep
        assert 1 <= sweep.games <= sweep_spec.MAX_GAMES and len(sweep.cells) <= sweep_spec.MAX_CELLS
        assert sweep.games * len(sweep.cells) <= sweep_spec.MAX_SWEEP_GAMES
        return "accepted"


# ---- the Dask address --------------------------------------------------------------------------------------

_SCHEMES = ["", "tcp://", "TCP://", "tls://", "ws://", "wss://", "ucx://", "inproc://", "http://", "tcp:/", "://",
            "tcp:", "tcp//", "t\x00cp://"]
_HOSTS = ["127.0.0.1", "localhost", "[::1]", "::1", "", "a b", "exé.com", "\x00", "h" * 300, "[", "]", "1.2.3.4.5",
          "scheduler.example", "[fe80::1%eth0]", "0.0.0.0", "-", "_"]
_SEPARATORS = [":", "", "::", ":/", " :"]
_PORTS = ["8786", "1", "0", "65535", "65536", "-1", "99999999", "9" * 5000, "²", "١٢", "abc", "", " 1", "1 ",
          "0x10", "+1", "08786"]
_SUFFIXES = ["", "/", "/x", "?a", " ", "\n", "#"]


class DaskAddresses:
    name = "Dask address"

    def __init__(self, folder: Path):
        pass

    def generate(self, rng: random.Random) -> str:
        if rng.random() < 0.3:  # one part wrong at most: what a person mistypes
            parts = [rng.choice(["tcp://", "", "TCP://"]), rng.choice(["127.0.0.1", "[::1]", "scheduler.example"]),
                     ":", rng.choice(["8786", "1", "65535"]), rng.choice(["", "/"])]
            wrong = rng.randrange(6)
            if wrong < 5:
                parts[wrong] = rng.choice([_SCHEMES, _HOSTS, _SEPARATORS, _PORTS, _SUFFIXES][wrong])
            return "".join(parts)
        if rng.random() < 0.2:
            return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0, 0x3000)]))
                           for _ in range(rng.randint(0, 30)))
        return (rng.choice(_SCHEMES) + rng.choice(_HOSTS) + rng.choice(_SEPARATORS) + rng.choice(_PORTS)
                + rng.choice(_SUFFIXES))

    def run(self, address: str) -> str:
        from orbis_dsl.engine.sweep import address_problem, canonical_address

        problem = address_problem(address)
        if problem is not None:
            assert "\n" not in problem and len(problem) < 400, repr(problem[:400])
            return "refused"
        # An independent reading: what Dask itself makes of it, which must be a TCP host and a port in range.
        from distributed.comm.addressing import parse_address, parse_host_port

        canonical = canonical_address(address)
        scheme, location = parse_address(canonical)
        host, port = parse_host_port(location)
        assert scheme == "tcp" and host and 1 <= port <= 65535, (address, canonical, scheme, host, port)
        assert str(port) in address and host.strip("[]") in address, (address, canonical)
        return "accepted"


# ---- the pad's HTTP inputs ---------------------------------------------------------------------------------

_PATHS = ["/", "/api/score", "/api/check", "/api/import", "/api/export", "/api/rules", "/api/games",
          "/static/app.js", "/static/../app.py", "/static/%2e%2e/app.py", "/api/nope", "/favicon.ico", "//api/score",
          "/api/score/", "/static/", "/%00", "/api/%ff"]
_QUERIES = ["", "to=png", "to=svg", "to=text", "to=json", "to=pdf", "to=", "to=png&to=svg", "name=%00.json",
            "name=" + "a" * 5000, "game=terra-mystica", "game=nope", "game=", "name=..%2f..%2fetc%2fpasswd",
            "to=%ff"]
_HOSTNAMES = [b"localhost", b"127.0.0.1:8000", b"[::1]:8000", b"127.0.0.2", b"attacker.example", b"", b"[::1",
              b"localhost:99999999", b"\xff", b"a" * 2000]
_BODY_TOKENS = [b"{", b"}", b"[", b"]", b'"', b":", b",", b"null", b"true", b"-1", b"9" * 20, b"\\u0000",
                b"\\ud800", b"\xff", b"\x00", b"\n", b"player", b"game orbis\n", b'"format": "orbis-game/1"',
                b'"format": "mondo-rounds/1"', b'"players": []', b"\xef\xbb\xbf"]


class PadRequests:
    name = "pad HTTP"

    def __init__(self, folder: Path):
        from starlette.testclient import TestClient

        from orbis_dsl.language.ruleset import base_rules
        from orbis_dsl.serve.app import create_app

        rules = base_rules()
        self.clients = [TestClient(create_app(rules, local_only=local), base_url="http://localhost")
                        for local in (False, True)]
        self.seeds = [path.read_bytes() for path in SEED_RECORDS]

    def generate(self, rng: random.Random) -> dict:
        body = mutate(rng.choice(self.seeds), rng, _BODY_TOKENS) if rng.random() < 0.9 else rng.randbytes(
            rng.randint(0, 300))
        headers = {"host": rng.choice(_HOSTNAMES)}
        if rng.random() < 0.3:
            headers["content-type"] = rng.choice([b"application/json", b"text/plain", b"multipart/form-data",
                                                  b"\xff"])
        return {"method": rng.choice(["POST"] * 6 + ["GET", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"]),
                "path": rng.choice(_PATHS), "query": rng.choice(_QUERIES), "body": body, "headers": headers,
                "local": rng.random() < 0.5}

    def run(self, request: dict) -> str:
        client = self.clients[request["local"]]
        url = request["path"] + ("?" + request["query"] if request["query"] else "")
        headers = request["headers"]
        try:
            answer = client.request(request["method"], url, content=request["body"], headers=headers)
        except (ValueError, UnicodeError) as error:  # httpx would not send it: not the pad's to answer
            return f"not sent ({type(error).__name__})"
        assert answer.status_code != 500, (answer.status_code, answer.text[:500])
        assert answer.status_code < 500 or answer.status_code == 501, answer.status_code
        assert answer.headers.get("x-content-type-options") == "nosniff", answer.headers
        assert "frame-ancestors 'none'" in answer.headers.get("content-security-policy", "")
        if answer.headers.get("content-type", "").startswith("application/json") and request["method"] != "HEAD":
            json.loads(answer.content)
        return f"{answer.status_code // 100}xx"


# ---- the pack cache's files --------------------------------------------------------------------------------

_JSON_VALUES = [None, True, 0, -1, 1.5, "", "x" * 100, [], {}, [[[]]], {"a": {"b": {}}}, "0" * 64]


class CacheFiles:
    name = "cache files"

    def __init__(self, folder: Path):
        import os

        from orbis_dsl.language.packs.load import load_pack, pack_key

        pack = folder / "pack"
        shutil.copytree(ROOT / "examples" / "custom" / "pack", pack)
        old = os.environ.get("ORBIS_CACHE_DIR")
        os.environ["ORBIS_CACHE_DIR"] = str(folder / "cache")
        try:
            load_pack(pack)
        finally:
            if old is None:
                del os.environ["ORBIS_CACHE_DIR"]
            else:
                os.environ["ORBIS_CACHE_DIR"] = old
        self.key = pack_key(pack)
        self.entry = folder / "cache" / self.key
        self.files = {p.name: p.read_bytes() for p in self.entry.iterdir()}
        from orbis_dsl.language.packs.cache import read_entry
        from orbis_dsl.language.packs.load import source_digest

        self.modules = read_entry(self.entry, self.key, source_digest)
        assert self.modules is not None

    def generate(self, rng: random.Random) -> tuple[str, bytes]:
        name = "manifest.json" if rng.random() < 0.7 else rng.choice(sorted(self.files))
        data = self.files[name]
        if name == "manifest.json" and rng.random() < 0.5:
            return name, self._structural(json.loads(data), rng)
        return name, mutate(data, rng, [b"{", b"}", b"[", b"]", b'"', b":", b",", b"null", b"0", b"\xff"])

    @staticmethod
    def _structural(manifest: dict, rng: random.Random) -> bytes:
        """The manifest with one value anywhere in it replaced by some other JSON, or one key dropped or added."""
        paths = [(manifest, k) for k in manifest] + [(manifest[part], k) for part in ("modules", "sources")
                                                     for k in manifest[part]]
        where, key = rng.choice(paths)
        op = rng.randrange(3)
        if op == 0:
            where[key] = rng.choice(_JSON_VALUES)
        elif op == 1:
            del where[key]
        else:
            where[rng.choice(["extra", "../x.py", "__init__.py", key + "x"])] = rng.choice(_JSON_VALUES)
        return json.dumps(manifest).encode()

    def run(self, damage: tuple[str, bytes]) -> str:
        from orbis_dsl.language.packs.cache import read_entry
        from orbis_dsl.language.packs.load import source_digest

        name, data = damage
        path = self.entry / name
        path.write_bytes(data)
        try:
            modules = read_entry(self.entry, self.key, source_digest)
        finally:
            path.write_bytes(self.files[name])
        assert modules is None or modules == self.modules, "a damaged entry was read as other modules"
        return "stale" if modules is None else "still valid"


TARGETS = (SweepSpecs, DaskAddresses, PadRequests, CacheFiles)
