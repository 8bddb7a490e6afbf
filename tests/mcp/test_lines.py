"""`ask-user-question mcp` spoken to line by line, for what client libraries do not send: calls
whose parameters are malformed, and JSON text with a lone surrogate escape (JavaScript's
`JSON.stringify` of a string cut in the middle of an emoji).

The binary comes from ASK_USER_QUESTION (tests/mcp/run builds it and sets it).
"""

import json
import os
import subprocess

import pytest

BINARY = os.environ["ASK_USER_QUESTION"]

DEPLOY = {"questions": [{"id": "deploy", "header": "Deploy", "question": "Deploy?", "options": ["Yes", "No"]}]}


class Lines:
    """A server with a client that shows forms, each answered by `form(params)`."""

    def __init__(self):
        env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
        self.process = subprocess.Popen([BINARY, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env=env)
        self.forms = []
        self.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {"elicitation": {"form": {}}},
            "clientInfo": {"name": "lines", "version": "1"}}})
        self.response(0)
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send_line(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def send(self, message):
        self.send_line(json.dumps(message))

    def call(self, request_id, params):
        self.send({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params})
        return self.response(request_id)

    def response(self, request_id, content=None):
        """The response to request `request_id`; a form on the way is accepted with `content`."""
        for line in self.process.stdout:
            message = json.loads(line)
            if message.get("method") == "elicitation/create":
                self.forms.append(message["params"])
                self.send({"jsonrpc": "2.0", "id": message["id"],
                           "result": {"action": "accept", "content": content or {}}})
            elif message.get("id") == request_id and "method" not in message:
                return message
        raise AssertionError("the server closed its output")

    def close(self):
        self.process.stdin.close()
        assert self.process.wait(timeout=10) == 0


@pytest.fixture
def server():
    lines = Lines()
    yield lines
    lines.close()


def test_arguments_sent_as_json_text_of_an_object_are_that_object(server):
    server.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                 "params": {"name": "ask_user_question", "arguments": json.dumps(DEPLOY)}})
    response = server.response(1, content={"deploy": "Yes"})
    result = response["result"]
    assert result["isError"] is False
    assert result["structuredContent"]["answers"]["deploy"]["labels"] == ["Yes"]


@pytest.mark.parametrize("params, message", [
    ({"name": "ask_user_question", "arguments": [1]},
     "tools/call: `arguments` must be an object, got an array"),
    ({"name": "ask_user_question", "arguments": "[1]"},
     "tools/call: `arguments` must be an object, got a string holding an array"),
    ({"arguments": DEPLOY},
     "tools/call: `name` is missing; this server has only ask_user_question"),
    ({"name": "ask", "arguments": DEPLOY},
     'unknown tool "ask"; this server has only ask_user_question'),
])
def test_a_call_with_malformed_params_is_invalid_params_saying_what_is_wrong(server, params, message):
    response = server.call(7, params)
    assert response["error"] == {"code": -32602, "message": message}
    assert response["id"] == 7


def test_a_lone_surrogate_escape_reads_as_a_replacement_character(server):
    cut = {"questions": [{"id": "ship", "header": "Ship", "question": "Ship it? \ud83d", "type": "text"}]}
    # Python writes a lone surrogate as JSON.stringify does: as an escape.
    line = json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                       "params": {"name": "ask_user_question", "arguments": cut}})
    assert "\\ud83d\"" in line
    server.send_line(line)
    response = server.response(3, content={"ship": "today"})
    [form] = server.forms
    assert form["requestedSchema"]["properties"]["ship"]["description"] == "Ship it? \ufffd"
    assert response["result"]["structuredContent"]["answers"]["ship"]["customText"] == "today"


def test_a_line_that_is_not_json_says_why(server):
    server.send_line('{"jsonrpc": "2.0", "id": 4, "method": tools/call}')
    response = server.response(None)
    assert response["error"]["code"] == -32700
    assert response["error"]["message"] == "not JSON: expected ident at line 1 column 40"
