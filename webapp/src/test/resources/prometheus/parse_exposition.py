"""Parses a scrape read from standard input with the Prometheus Python client's own parsers and prints every
sample as JSON: [{"family", "type", "name", "labels", "value"}]. Argument: "text" (the Prometheus text format,
prometheus_client.parser) or "openmetrics" (prometheus_client.openmetrics.parser, which is strict: it rejects a
scrape without its "# EOF" line, a counter sample without "_total", and so on). A scrape it cannot parse exits 1
with the parser's message on standard error."""
import json
import math
import sys

from prometheus_client.openmetrics.parser import text_string_to_metric_families as openmetrics_families
from prometheus_client.parser import text_string_to_metric_families as text_families


def value_text(value):
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return repr(float(value))


def main():
    parse = openmetrics_families if sys.argv[1] == "openmetrics" else text_families
    samples = []
    for family in parse(sys.stdin.read()):
        for sample in family.samples:
            samples.append({"family": family.name, "type": family.type, "name": sample.name,
                            "labels": dict(sample.labels), "value": value_text(sample.value)})
    json.dump(samples, sys.stdout)


if __name__ == "__main__":
    try:
        main()
    except Exception as failure:  # the parsers raise ValueError and others; any of them means "not parsable"
        print("unparsable scrape: %r" % (failure,), file=sys.stderr)
        sys.exit(1)
