"""The web route of `ask-user-question mcp`, driven by the official Python SDK (`mcp` on PyPI).

The page is answered the way a browser would: plain HTTP with the page's own Host and Origin
(crates/web/src/server.rs checks both). The binary comes from ASK_USER_QUESTION.
"""

import asyncio
import http.client
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

from test_python_sdk import BINARY, run, server_env, text_of

QUESTIONS = {
    "title": "Release",
    "questions": [
        {"id": "approach", "header": "Approach", "prompt": "Which approach?",
         "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]},
        {"id": "name", "header": "Name", "prompt": "Service name?", "type": "text"},
    ],
}
SECRET = {"questions": [
    {"id": "token", "header": "Token", "prompt": "Deploy token?", "type": "text", "isSecret": True}]}
LINK = re.compile(r"http://\S+/")


def get(url):
    """`(status, body)` of a GET; `(None, why)` when nothing answers at the address."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
    except urllib.error.URLError as error:
        return None, str(error.reason)
    except (ConnectionError, http.client.HTTPException) as error:
        # The server stopped while answering.
        return None, str(error)


def post(page, path, fields):
    """Posts `fields` to the page's `path` as its own form does."""
    origin = "http://" + urllib.parse.urlsplit(page).netloc
    request = urllib.request.Request(
        page + path, data=urllib.parse.urlencode(fields).encode(), method="POST",
        headers={"Origin": origin, "Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.read().decode()


async def until(found, what):
    for _ in range(400):
        if found():
            return found()
        await asyncio.sleep(0.025)
    raise AssertionError(f"timed out waiting for {what}")


class UrlClient:
    """An elicitation handler that accepts a URL elicitation (the person opened the link) and
    keeps what it was sent; `action` answers instead."""

    def __init__(self, action="accept"):
        self.action = action
        self.asked = []
        self.notices = []

    async def elicit(self, context, params):
        self.asked.append(params)
        return types.ElicitResult(action=self.action)

    async def message(self, message):
        if isinstance(message, types.ServerNotification):
            self.notices.append(message)

    def url(self):
        return self.asked[0].url if self.asked else None


async def session_with(body, *, args=(), elicit=None, message=None, logging=None):
    params = StdioServerParameters(command=BINARY, args=["mcp", *args], env=server_env())
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, elicitation_callback=elicit, message_handler=message,
                                 logging_callback=logging) as session:
            await session.initialize()
            return await body(session)


def answer_on_the_page(page):
    status, html = get(page)
    assert status == 200, html
    assert "Which approach?" in html
    status, closed = post(page, "answer", {"q.0": "1", "t.1": "billing", "action": "submit"})
    assert status == 200, closed


def test_a_client_with_url_elicitation_is_given_the_link_and_the_page_answers():
    client = UrlClient()

    async def body(session):
        call = asyncio.create_task(session.call_tool("ask_user_question", QUESTIONS))
        page = await until(client.url, "the link")
        await asyncio.to_thread(answer_on_the_page, page)
        return await call

    result = asyncio.run(session_with(body, args=["--via", "web"], elicit=client.elicit,
                                      message=client.message))
    assert not result.is_error, text_of(result)
    [asked] = client.asked
    assert asked.mode == "url"
    assert asked.message.startswith("Release: 2 questions are waiting for you.")
    assert asked.url.startswith("http://127.0.0.1:")
    details = result.structured_content
    assert details["answers"]["approach"]["values"] == ["fast"]
    assert details["answers"]["name"]["customText"] == "billing"
    assert details["answeredIn"] == "web"
    assert details["via"] == "web"
    assert text_of(result) == "Approach: user selected: 2. Fast\nName: user wrote: billing"
    completions = [n.params for n in client.notices if n.method == "notifications/elicitation/complete"]
    assert [c.elicitation_id for c in completions] == [asked.elicitation_id]


def test_a_secret_question_skips_the_form_for_the_page():
    client = UrlClient()

    async def body(session):
        call = asyncio.create_task(session.call_tool("ask_user_question", SECRET))
        page = await until(client.url, "the link")
        status, html = await asyncio.to_thread(get, page)
        assert 'type="password"' in html, html
        await asyncio.to_thread(post, page, "answer", {"t.0": "s3cret", "action": "submit"})
        return await call

    result = asyncio.run(session_with(body, elicit=client.elicit))
    assert not result.is_error, text_of(result)
    assert [params.mode for params in client.asked] == ["url"]
    assert result.structured_content["answers"]["token"]["customText"] == "s3cret"


def test_a_declined_link_is_the_cancelled_result_and_stops_the_page():
    client = UrlClient(action="decline")

    async def body(session):
        result = await session.call_tool("ask_user_question", QUESTIONS)
        return result, await asyncio.to_thread(get, client.url())

    result, (status, why) = asyncio.run(session_with(body, args=["--via", "web"], elicit=client.elicit))
    assert not result.is_error
    assert result.structured_content["cancelled"] is True
    # The server lives only as long as its call: the link answers nobody once the result is out.
    assert status is None, (status, why)


def test_a_client_without_elicitation_gets_the_link_in_a_log_message():
    logged = []

    async def log(params):
        logged.append(params)

    def link():
        texts = [str(params.data) for params in logged]
        return next((LINK.search(t).group(0) for t in texts if LINK.search(t)), None)

    async def body(session):
        call = asyncio.create_task(session.call_tool("ask_user_question", QUESTIONS))
        page = await until(link, "the log message with the link")
        await asyncio.to_thread(answer_on_the_page, page)
        return await call

    result = asyncio.run(session_with(body, logging=log))
    assert not result.is_error, text_of(result)
    [message] = logged
    assert message.level == "notice"
    assert message.logger == "ask-user-question"
    assert result.structured_content["answers"]["approach"]["values"] == ["fast"]
    assert result.structured_content["answeredIn"] == "web"


def test_a_client_that_asked_for_warnings_only_gets_no_notice():
    logged = []

    async def log(params):
        logged.append(params)

    async def body(session):
        await session.set_logging_level("warning")
        return await session.call_tool("ask_user_question", QUESTIONS)

    result = asyncio.run(session_with(body, logging=log, args=["--timeout", "1s"]))
    assert result.structured_content["error"] == "timed_out"
    assert logged == []


def test_a_cancelled_call_leaves_the_page_open_and_the_repeated_call_gets_its_answer():
    client = UrlClient()
    seen = {}

    async def body(session):
        call = asyncio.create_task(session.call_tool("ask_user_question", QUESTIONS))
        page = await until(client.url, "the link")
        await asyncio.to_thread(post, page, "draft", {"t.1": "half-typed"})
        call.cancel()
        try:
            await call
        except asyncio.CancelledError:
            pass
        await asyncio.sleep(0.3)
        status, html = await asyncio.to_thread(get, page)
        assert status == 200 and "half-typed" in html, "still open, the draft kept"
        # The person answers while no call waits; the model repeats its call and gets it.
        await asyncio.to_thread(answer_on_the_page, page)
        seen["late"] = await session.call_tool("ask_user_question", QUESTIONS)
        # Claimed: the next call asks again, on a page of its own.
        client.asked.clear()
        call = asyncio.create_task(session.call_tool("ask_user_question", QUESTIONS))
        following = await until(client.url, "the next link")
        assert following != page
        await asyncio.to_thread(answer_on_the_page, following)
        seen["next"] = await call

    asyncio.run(session_with(body, args=["--via", "web"], elicit=client.elicit))
    late = seen["late"]
    assert late.structured_content["answers"]["name"]["customText"] == "billing"
    assert late.structured_content["answeredAfterCallEnded"] is True
    assert text_of(late).startswith("(The user answered after an earlier call"), text_of(late)
    assert "answeredAfterCallEnded" not in seen["next"].structured_content


def test_a_repeated_call_during_the_hold_attaches_to_the_same_page():
    client = UrlClient()
    seen = {}

    async def body(session):
        call = asyncio.create_task(session.call_tool("ask_user_question", QUESTIONS))
        page = await until(client.url, "the link")
        call.cancel()
        try:
            await call
        except asyncio.CancelledError:
            pass
        again = asyncio.create_task(session.call_tool("ask_user_question", QUESTIONS))
        # The repeated call is shown the same link: no second page.
        await until(lambda: len(client.asked) == 2 or None, "the link again")
        assert client.asked[1].url == page
        await asyncio.to_thread(answer_on_the_page, page)
        seen["again"] = await again

    asyncio.run(session_with(body, args=["--via", "web"], elicit=client.elicit))
    assert seen["again"].structured_content["answers"]["name"]["customText"] == "billing"
    assert seen["again"].structured_content["answeredAfterCallEnded"] is True


def test_with_no_hold_a_cancelled_call_closes_its_page_keeping_what_was_typed():
    client = UrlClient()
    seen = {}

    async def body(session):
        call = asyncio.create_task(session.call_tool("ask_user_question", QUESTIONS))
        page = await until(client.url, "the link")
        await asyncio.to_thread(post, page, "draft", {"t.1": "half-typed"})
        call.cancel()
        try:
            await call
        except asyncio.CancelledError:
            pass
        seen["closed"] = await until(lambda: stopped(get(page)), "the page to stop")

    def stopped(response):
        return response if response[0] is None else None

    asyncio.run(session_with(body, args=["--via", "web", "--hold", "0s"], elicit=client.elicit))
    status, why = seen["closed"]
    assert status is None, (status, why)


def test_the_time_limit_ends_the_page_keeping_what_was_typed():
    client = UrlClient()

    async def body(session):
        call = asyncio.create_task(session.call_tool("ask_user_question", QUESTIONS))
        page = await until(client.url, "the link")
        await asyncio.to_thread(post, page, "draft", {"q.0": "0", "t.0": "both", "t.1": "billing"})
        return await call

    result = asyncio.run(session_with(body, args=["--via", "web", "--timeout", "2s"],
                                      elicit=client.elicit))
    details = result.structured_content
    assert details["error"] == "timed_out", details
    assert details["answers"]["approach"]["values"] == ["safe"]
    assert details["answers"]["approach"]["draft"]["text"] == "both"
    assert details["answers"]["name"]["customText"] == "billing"
    assert "answeredIn" not in details


def test_when_no_page_can_be_served_the_model_is_told_to_ask_in_prose():
    # 192.0.2.1 (TEST-NET-1) is no address of this machine: the page cannot listen there.
    result = run(lambda s: s.call_tool("ask_user_question", QUESTIONS), args=["--web", "192.0.2.1:9"])
    assert result.is_error
    assert "could not serve its web page" in text_of(result)
    assert "plain text" in text_of(result)
    assert result.structured_content["error"] == "no_ui"


def rpc(process, message):
    process.stdin.write(json.dumps(message) + "\n")
    process.stdin.flush()


def read_until(process, wanted):
    for line in process.stdout:
        message = json.loads(line)
        if wanted(message):
            return message
    raise AssertionError("the server closed its output")


def started_server(args=()):
    """A server spoken to line by line, for what a client library hides: its process."""
    process = subprocess.Popen([BINARY, "mcp", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True, env=server_env())
    rpc(process, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"}}})
    read_until(process, lambda m: m.get("id") == 1)
    rpc(process, {"jsonrpc": "2.0", "method": "notifications/initialized"})
    rpc(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                  "params": {"name": "ask_user_question", "arguments": QUESTIONS}})
    logged = read_until(process, lambda m: m.get("method") == "notifications/message")
    return process, LINK.search(logged["params"]["data"]).group(0)


def test_standard_input_closed_while_the_page_is_open_stops_it():
    process, page = started_server()
    assert get(page)[0] == 200
    process.stdin.close()
    assert process.wait(timeout=10) == 0
    status, why = get(page)
    assert status is None, (status, why)


def test_the_terminal_the_server_was_started_from_gets_the_bell_and_a_notification(tmp_path):
    written = tmp_path / "terminal"
    logged = []

    async def log(params):
        logged.append(params)

    async def body(session):
        call = asyncio.create_task(session.call_tool("ask_user_question", QUESTIONS))
        await until(lambda: logged, "the log message")
        page = LINK.search(str(logged[0].data)).group(0)
        await until(lambda: written.exists() and b"\x1b]777" in written.read_bytes(), "the notification")
        await asyncio.to_thread(answer_on_the_page, page)
        await call
        return page

    helper = os.path.join(os.path.dirname(__file__), "with_terminal.py")
    params = StdioServerParameters(command=sys.executable, args=[helper, str(written), BINARY, "mcp"],
                                   env=server_env())

    async def session():
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write, logging_callback=log) as s:
                await s.initialize()
                return await body(s)

    page = asyncio.run(session())
    terminal = written.read_bytes().decode()
    assert terminal == (f"\x07\x1b]9;Release: 2 questions are waiting for you: {page}\x1b\\"
                        f"\x1b]777;notify;Release;2 questions are waiting for you: {page}\x1b\\")
