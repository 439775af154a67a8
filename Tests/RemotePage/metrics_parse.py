"""Reads Prometheus's text format on stdin with Prometheus's own parser (prometheus_client.parser) and writes the
families as JSON: [{"name", "type", "samples": [{"name", "labels", "value"}]}]. A text the parser refuses exits 1
with its words on stderr."""
import json
import math
import sys

from prometheus_client.parser import text_string_to_metric_families


def number(value):
    return value if math.isfinite(value) else str(value)


def main():
    text = sys.stdin.read()
    families = []
    try:
        for family in text_string_to_metric_families(text):
            families.append({
                "name": family.name,
                "type": family.type,
                "samples": [{"name": s.name, "labels": dict(s.labels), "value": number(s.value)} for s in family.samples],
            })
    except Exception as error:  # the parser's refusal, whatever its class
        print(f"not Prometheus's text format: {error}", file=sys.stderr)
        return 1
    json.dump(families, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
