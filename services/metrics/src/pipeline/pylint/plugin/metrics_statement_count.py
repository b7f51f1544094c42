"""Pylint plugin of the code-metrics service: records each module's statement count.

Pylint's per-file score needs the number of statements pylint itself counted (nodes whose
``is_statement`` is true, as its AST walker counts them), which no output format reports per
file. This checker counts them again when a module is left and appends ``<count>\\t<path>\\n``
to the file named by ``METRICS_PYLINT_STATEMENTS``. Each line goes out in one ``os.write`` on an
``O_APPEND`` descriptor, so the workers of ``-j N`` can share the file.
"""

import os

from pylint.checkers import BaseChecker


class StatementCountChecker(BaseChecker):
    """Counts statements per module; its message is never emitted, it only keeps the checker active."""

    name = "metrics-statement-count"
    msgs = {
        "I9801": (
            "%s statements",
            "metrics-statement-count",
            "Used by the code-metrics service to keep its statement counter active.",
        )
    }

    def leave_module(self, node):
        target = os.environ.get("METRICS_PYLINT_STATEMENTS")
        if not target:
            return
        count = 0
        stack = [node]
        while stack:
            current = stack.pop()
            if current.is_statement:
                count += 1
            stack.extend(current.get_children())
        line = f"{count}\t{os.path.abspath(node.file or '')}\n".encode("utf-8", "surrogateescape")
        fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)


def register(linter):
    """Pylint's plugin entry point."""
    linter.register_checker(StatementCountChecker(linter))
