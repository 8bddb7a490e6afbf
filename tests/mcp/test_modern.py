"""Protocol revision 2026-07-28 with the official Python SDK (`mcp` 2.3.0) pinned to it: no
`initialize`, the form asked through an `input_required` result and its sealed `requestState`.

The binary comes from ASK_USER_QUESTION (tests/mcp/run builds it and sets it).
"""

import asyncio
import os
import time

import pytest
from mcp import StdioServerParameters, types
from mcp.client.client import Client
from mcp.shared.exceptions import MCPError

BINARY = os.environ["ASK_USER_QUESTION"]

QUESTIONS = {
    "questions": [
        {"id": "db", "header": "Database", "prompt": "Which database?",
         "options": [{"value": "pg", "label": "Postgres", "recommended": True},
                     {"value": "sqlite", "label": "SQLite"}]},
        {"id": "name", "header": "Name", "prompt": "Service name?", "type": "text"},
    ],
}


def server(args=()):
    env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
    return StdioServerParameters(command=BINARY, args=["mcp", *args], env=env)


async def unused_form(context, params):
    raise AssertionError("the test answers this form itself")


def modern(args=(), elicitation=unused_form):
    """A client pinned to 2026-07-28 that declares forms (a callback), so the server sends one."""
    return Client(server(args), mode="2026-07-28", elicitation_callback=elicitation)


def text_of(result):
    return "\n".join(block.text for block in result.content if block.type == "text")


async def first_round(client):
    """The first leg of the call, left for the test to answer."""
    return await client.session.call_tool("ask_user_question", QUESTIONS, allow_input_required=True)


def test_the_form_is_answered_through_input_required():
    seen = []

    async def answer(context, params):
        seen.append(params)
        return types.ElicitResult(action="accept", content={"db": "sqlite", "name": "billing"})

    async def body():
        async with modern(elicitation=answer) as client:
            assert client.session.protocol_version == "2026-07-28"
            return await client.call_tool("ask_user_question", QUESTIONS)

    result = asyncio.run(body())
    [form] = seen
    assert form.requested_schema["properties"]["db"]["oneOf"][0]["const"] == "pg"
    assert not result.is_error
    answers = result.structured_content["answers"]
    assert answers["db"]["values"] == ["sqlite"]
    assert answers["name"]["customText"] == "billing"
    assert "Database: user selected: 2. SQLite" in text_of(result)


def test_the_first_round_carries_the_form_and_a_sealed_state():
    async def body():
        async with modern() as client:
            return await first_round(client)

    first = asyncio.run(body())
    assert isinstance(first, types.InputRequiredResult)
    [(key, request)] = first.input_requests.items()
    assert request.method == "elicitation/create"
    assert first.request_state and "Service name?" not in first.request_state


def answered(action="accept"):
    return {"form": types.ElicitResult(action=action, content={"db": "pg", "name": "x"})}


def retry(client, state, responses=None, arguments=QUESTIONS):
    return client.session.call_tool(
        "ask_user_question", arguments, input_responses=responses or answered(),
        request_state=state, allow_input_required=True)


def refusal(coroutine):
    """The server's error for a call that must be refused (the SDK may wrap it in a group)."""
    try:
        asyncio.run(coroutine)
    except BaseException as raised:  # noqa: BLE001 - unwrapped below
        while isinstance(raised, BaseExceptionGroup) and len(raised.exceptions) == 1:
            raised = raised.exceptions[0]
        assert isinstance(raised, MCPError), repr(raised)
        return str(raised)
    pytest.fail("the call was not refused")


def test_a_forged_state_is_refused():
    async def body():
        async with modern() as client:
            await retry(client, "eyJub25jZSI6ImZvcmdlZCJ9.forged")

    assert "not issued by this server" in refusal(body())


def test_a_state_for_other_questions_is_refused():
    other = {"questions": [{"id": "x", "header": "X", "prompt": "Other?", "type": "text"}]}

    async def body():
        async with modern() as client:
            first = await first_round(client)
            await retry(client, first.request_state, arguments=other)

    assert "not issued by this server" in refusal(body())


def test_a_state_is_used_once():
    async def body():
        async with modern() as client:
            first = await first_round(client)
            result = await retry(client, first.request_state)
            assert result.structured_content["answers"]["db"]["values"] == ["pg"]
            await retry(client, first.request_state)

    assert "already used" in refusal(body())


def test_an_expired_state_is_refused():
    async def body():
        async with modern(args=["--form-state-ttl", "1s"]) as client:
            first = await first_round(client)
            # The seal's expiry counts whole seconds.
            await asyncio.sleep(2.2)
            await retry(client, first.request_state)

    message = refusal(body())
    assert "expired" in message and "without requestState" in message


def test_a_decline_after_a_person_like_delay_cancels():
    async def answer(context, params):
        await asyncio.sleep(1.0)
        return types.ElicitResult(action="decline")

    async def body():
        async with modern(elicitation=answer) as client:
            return await client.call_tool("ask_user_question", QUESTIONS)

    result = asyncio.run(body())
    assert result.structured_content["cancelled"] is True


@pytest.mark.parametrize("log_level", [None, "notice"])
def test_an_instant_decline_goes_on_to_the_page(log_level):
    """The page's link reaches the client in a log message only when the request opted in."""
    logged = []

    async def answer(context, params):
        return types.ElicitResult(action="decline")

    async def log(params):
        logged.append(params.data)

    async def body():
        client = Client(server(["--timeout", "1s", "--no-bell"]), mode="2026-07-28",
                        elicitation_callback=answer, log_level=log_level, logging_callback=log)
        async with client:
            started = time.monotonic()
            result = await client.call_tool("ask_user_question", QUESTIONS)
            return result, time.monotonic() - started

    result, took = asyncio.run(body())
    # The page nobody opened timed out: the call went on past the declined form.
    assert result.structured_content.get("via") == "web", result.structured_content
    assert result.structured_content["error"] == "timed_out"
    assert took >= 0.9
    if log_level is None:
        assert logged == []
    else:
        [link] = logged
        assert "Link: http://127.0.0.1:" in link
