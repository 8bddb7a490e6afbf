"""`ask-user-question mcp` driven by the official Python SDK (`mcp` on PyPI).

The binary comes from ASK_USER_QUESTION (tests/mcp/run builds it and sets it).
"""

import asyncio
import json
import os
import subprocess
import time

import pytest
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

from tmux_client import AttachedTmux

BINARY = os.environ["ASK_USER_QUESTION"]

EVERY_TYPE = {
    "title": "Release",
    "questions": [
        {"id": "approach", "header": "Approach", "prompt": "Which approach?",
         "options": [{"value": "safe", "label": "Safe", "preview": "## Plan\nStart with tests.",
                      "recommended": True},
                     {"value": "fast", "label": "Fast"}]},
        {"id": "checks", "header": "Checks", "prompt": "Which checks?", "type": "multi",
         "options": [{"value": "lint", "label": "Lint"}, {"value": "test", "label": "Tests"}]},
        {"id": "name", "header": "Name", "prompt": "Service name?", "type": "text"},
        {"id": "ship", "header": "Ship", "prompt": "Ship today?", "type": "confirm"},
    ],
}


def server_env(extra=None):
    env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
    env.update(extra or {})
    return env


async def with_session(body, elicitation=None, env=None, args=()):
    params = StdioServerParameters(command=BINARY, args=["mcp", *args], env=env or server_env())
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, elicitation_callback=elicitation) as session:
            await session.initialize()
            return await body(session)


def run(body, **kwargs):
    return asyncio.run(with_session(body, **kwargs))


def text_of(result):
    return "\n".join(block.text for block in result.content if block.type == "text")


def test_tools_list_shows_the_tool_and_its_schema():
    tools = run(lambda s: s.list_tools())
    [tool] = tools.tools
    assert tool.name == "ask_user_question"
    schema = json.loads(subprocess.run([BINARY, "schema"], capture_output=True, check=True).stdout)
    assert tool.input_schema == schema
    assert tool.annotations.read_only_hint is True
    assert tool.annotations.open_world_hint is False
    assert "Guidelines:" in tool.description


def test_every_type_answered_through_the_clients_form():
    seen = []

    async def answer(context, params):
        seen.append(params)
        return types.ElicitResult(action="accept", content={
            "approach": "safe", "checks": ["test", "lint"], "name": "billing", "ship": True})

    result = run(lambda s: s.call_tool("ask_user_question", EVERY_TYPE), elicitation=answer)
    assert not result.is_error
    [form] = seen
    schema = form.requested_schema
    assert schema["properties"]["approach"]["oneOf"][0] == {"const": "safe", "title": "Safe (Recommended)"}
    assert schema["properties"]["checks"]["type"] == "array"
    assert schema["properties"]["name"]["type"] == "string"
    assert schema["properties"]["ship"]["type"] == "boolean"
    assert schema["properties"]["approach.typed"]["type"] == "string"
    assert "Start with tests." in form.message
    answers = result.structured_content["answers"]
    assert answers["approach"]["values"] == ["safe"]
    assert answers["checks"]["values"] == ["lint", "test"]
    assert answers["name"]["customText"] == "billing"
    assert answers["ship"]["values"] == ["yes"]
    assert result.structured_content["via"] == "form"
    content = text_of(result)
    assert "Approach: user selected: 1. Safe" in content
    assert "Name: user wrote: billing" in content
    assert "client's form" in content


def test_free_text_beside_a_choice():
    async def answer(context, params):
        return types.ElicitResult(action="accept", content={"approach.typed": "both"})

    result = run(lambda s: s.call_tool("ask_user_question", EVERY_TYPE), elicitation=answer)
    assert result.structured_content["answers"]["approach"]["customText"] == "both"
    assert result.structured_content["answers"]["checks"]["status"] == "skipped"


NUMBER_AND_CHOICE = {"questions": [
    {"id": "d", "header": "Workers", "prompt": "How many workers?", "type": "number", "min": 0, "max": 5},
    {"id": "a", "header": "Pick", "prompt": "Pick one", "options": ["x", "y"], "allowCustom": False},
]}


@pytest.mark.parametrize("content, line, draft", [
    ({"d": 99}, 'Workers: (skipped; unsent draft: "99")', ("d", "99")),
    ({"d": 3.5}, 'Workers: (skipped; unsent draft: "3.5")', ("d", "3.5")),
    ({"a": "z"}, 'Pick: (skipped; unsent draft: "z")', ("a", "z")),
    ({"a": ["x", "y"]}, 'Pick: (skipped; unsent draft: "x, y")', ("a", "x, y")),
])
def test_what_the_form_returns_that_a_question_cannot_take_is_kept_as_its_draft(content, line, draft):
    async def answer(context, params):
        return types.ElicitResult(action="accept", content=content)

    result = run(lambda s: s.call_tool("ask_user_question", NUMBER_AND_CHOICE), elicitation=answer)
    assert not result.is_error
    assert line in text_of(result)
    question, text = draft
    assert result.structured_content["answers"][question]["status"] == "skipped"
    assert result.structured_content["answers"][question]["draft"] == {"text": text}


def test_a_list_of_one_option_for_a_single_choice_is_that_option():
    async def answer(context, params):
        return types.ElicitResult(action="accept", content={"a": ["x"]})

    result = run(lambda s: s.call_tool("ask_user_question", NUMBER_AND_CHOICE), elicitation=answer)
    assert "Pick: user selected: 1. x" in text_of(result)
    assert result.structured_content["answers"]["a"]["values"] == ["x"]


@pytest.mark.parametrize("action", ["decline", "cancel"])
def test_a_declined_or_dismissed_form_is_cancelled(action):
    async def answer(context, params):
        return types.ElicitResult(action=action)

    result = run(lambda s: s.call_tool("ask_user_question", EVERY_TYPE), elicitation=answer)
    assert not result.is_error
    assert result.structured_content["cancelled"] is True
    assert text_of(result).startswith("User cancelled the questionnaire.")


def test_invalid_input_is_a_tool_error_with_every_issue():
    bad = {"questions": [{"id": "a", "header": "A", "prompt": "Pick?", "options": []},
                         {"id": "a", "header": "B", "prompt": "Why?", "type": "text"}]}
    result = run(lambda s: s.call_tool("ask_user_question", bad))
    assert result.is_error
    issues = result.structured_content["issues"]
    assert {(i["path"], i["code"]) for i in issues} >= {
        ("/questions/0/options", "missing_options"), ("/questions/1/id", "duplicate_id")}
    assert all(i["message"] for i in issues)
    assert "/questions/1/id" in text_of(result)


def test_other_agents_shapes_are_accepted():
    seen = []

    async def choose_red(context, params):
        seen.append(params)
        [field] = [name for name, f in params.requested_schema["properties"].items() if "oneOf" in f]
        return types.ElicitResult(action="accept", content={field: "Red"})

    lone = {"question": "Which color?", "choices": ["Red", "Blue"]}
    result = run(lambda s: s.call_tool("ask_user_question", lone), elicitation=choose_red)
    assert not result.is_error, text_of(result)
    assert len(seen) == 1
    [answer] = result.structured_content["answers"].values()
    assert answer["labels"] == ["Red"]

    encoded = {"questions": json.dumps([{"question": "Which color?", "options": ["Red", "Blue"]}])}
    result = run(lambda s: s.call_tool("ask_user_question", encoded), elicitation=choose_red)
    assert not result.is_error, text_of(result)
    assert len(seen) == 2
    [answer] = result.structured_content["answers"].values()
    assert answer["labels"] == ["Red"]


def test_a_second_call_waits_for_the_first():
    order = []
    release = asyncio.Event()

    async def answer(context, params):
        title = params.message.splitlines()[0]
        order.append(f"open {title}")
        if title == "First":
            await release.wait()
        order.append(f"close {title}")
        return types.ElicitResult(action="accept", content={})

    async def body(session):
        first = asyncio.create_task(session.call_tool("ask_user_question", {**EVERY_TYPE, "title": "First"}))
        await asyncio.sleep(0.3)
        second = asyncio.create_task(session.call_tool("ask_user_question", {**EVERY_TYPE, "title": "Second"}))
        # The second call is queued behind the open form: no form of its own yet.
        for _ in range(20):
            await asyncio.sleep(0.05)
        assert order == ["open First"]
        release.set()
        return await asyncio.gather(first, second)

    run(body, elicitation=answer)
    assert order == ["open First", "close First", "open Second", "close Second"]


@pytest.fixture
def tmux():
    attached = AttachedTmux()
    yield attached
    attached.close()


def test_without_elicitation_inside_tmux_a_popup_asks(tmux):
    questionnaire = {"questions": [
        {"id": "approach", "header": "Approach", "prompt": "Which approach?",
         "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]}]}

    async def body(session):
        call = asyncio.create_task(session.call_tool("ask_user_question", questionnaire))
        await asyncio.to_thread(tmux.wait_for, lambda s: "Which approach?" in s, "the popup")
        tmux.keys("Down")
        await asyncio.to_thread(tmux.wait_for, lambda s: "› 2. ( ) Fast" in s, "the cursor")
        tmux.keys("Enter")
        return await call

    result = run(body, env=tmux.server_env())
    assert not result.is_error, text_of(result)
    assert result.structured_content["answers"]["approach"]["values"] == ["fast"]
    assert result.structured_content["via"] == "tmux"
    assert text_of(result) == "Approach: user selected: 2. Fast"
    tmux.wait_for(lambda s: "Which approach?" not in s, "the popup to close")


def test_standard_input_closing_as_a_popup_starts_closes_it(tmux):
    """The popup's process may not have said its pid yet when the server is told to stop."""
    questionnaire = {"questions": [{"id": "n", "header": "Name", "prompt": "Which name?", "type": "text"}]}
    server = subprocess.Popen([BINARY, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              env=tmux.server_env())

    def send(message):
        server.stdin.write((json.dumps(message) + "\n").encode())
        server.stdin.flush()

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "closing", "version": "1"}}})
    server.stdout.readline()
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
          "params": {"name": "ask_user_question", "arguments": questionnaire}})
    server.stdin.close()
    assert server.wait(timeout=15) == 0
    tmux.wait_for(lambda s: "Which name?" not in s, "the popup to close", timeout=5)
    # Nothing opened late either.
    time.sleep(1.5)
    assert "Which name?" not in tmux.screen()
