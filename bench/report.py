"""Latency statistics and the printed report."""

from __future__ import annotations

from collections.abc import Sequence


class Latencies:
    """Seconds per operation; percentiles by nearest rank."""

    def __init__(self, samples: Sequence[float] = ()) -> None:
        self.samples = sorted(samples)

    def __len__(self) -> int:
        return len(self.samples)

    def percentile(self, p: float) -> float:
        if not self.samples:
            return float("nan")
        rank = max(0, min(len(self.samples) - 1, round(p / 100 * len(self.samples) + 0.5) - 1))
        return self.samples[rank]

    @property
    def p50_ms(self) -> float:
        return self.percentile(50) * 1000

    @property
    def p99_ms(self) -> float:
        return self.percentile(99) * 1000

    @property
    def max_ms(self) -> float:
        return self.samples[-1] * 1000 if self.samples else float("nan")


def heading(text: str) -> None:
    print(f"\n== {text} ==", flush=True)


def line(label: str, value: str) -> None:
    print(f"  {label:<40} {value}", flush=True)


def rate(value: float) -> str:
    return f"{value:,.0f} events/s"


def verdict(ratio: float, target: float) -> str:
    return "MET" if ratio >= target else "NOT MET"
