"""`ask-user-question mcp` as a host of the inbox: a call with neither a form nor tmux waits on
its page and in the inbox (`ask-user-question inbox`, run in a tmux server of the test's own),
and the first answer wins.

The binary comes from ASK_USER_QUESTION (tests/mcp/run builds it and sets it).
"""

import asyncio
import os
import shutil
import subprocess
import tempfile
import time

import pytest

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

from test_python_sdk import BINARY, server_env, text_of
from test_web_route import LINK, get, post

QUESTION = {"title": "Ship it", "questions": [
    {"id": "name", "header": "Name", "prompt": "Service name?", "type": "text"}]}


class Inbox:
    """The inbox in a detached tmux session on a socket of its own, over a scratch store."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="aq-mcp-inbox-")
        os.chmod(self.dir, 0o700)
        self.store = os.path.join(self.dir, "state", "inbox.sqlite3")
        self.socket = f"aq-mcp-inbox-{os.getpid()}-{time.monotonic_ns()}"
        self.tmux("new-session", "-d", "-x", "100", "-y", "30",
                  f"{BINARY} inbox --no-bell --store {self.store}")

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args],
                              capture_output=True, text=True, check=False)

    def screen(self):
        return self.tmux("capture-pane", "-p").stdout

    def keys(self, *keys):
        self.tmux("send-keys", *keys)

    def type(self, text):
        self.tmux("send-keys", "-l", text)

    def wait_for(self, seen, what, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if seen(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"no {what} in the inbox:\n{self.screen()}")

    def server_env(self):
        return server_env({"ASK_USER_QUESTION_STORE": self.store, "ASK_USER_QUESTION_INBOX": "1"})

    def close(self):
        self.tmux("kill-server")
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def inbox():
    opened = Inbox()
    opened.wait_for(lambda s: "No questionnaires waiting" in s, "empty list")
    yield opened
    opened.close()


def run(body, *, env, args, logging):
    """`body` in a session of a client named "inbox-test" with no elicitation."""

    async def session():
        params = StdioServerParameters(command=BINARY, args=["mcp", *args], env=env)
        async with stdio_client(params) as (read, write):
            client = types.Implementation(name="inbox-test", version="1.0")
            async with ClientSession(read, write, logging_callback=logging,
                                     client_info=client) as opened:
                await opened.initialize()
                return await body(opened)

    return asyncio.run(session())


def links_of(logged):
    return [match.group(0) for text in logged for match in [LINK.search(text)] if match]


def test_a_call_with_no_form_and_no_tmux_is_answered_in_the_inbox(inbox):
    logged = []

    async def log(params):
        logged.append(str(params.data))

    async def body(session):
        call = asyncio.create_task(session.call_tool("ask_user_question", QUESTION))
        # Listed under the client's name, with the server's working directory.
        listed = await asyncio.to_thread(inbox.wait_for, lambda s: "Ship it" in s, "the question")
        assert "inbox-test" in listed, listed
        inbox.keys("Enter")
        await asyncio.to_thread(inbox.wait_for, lambda s: "Service name?" in s, "the questionnaire")
        inbox.type("billing")
        inbox.keys("Enter")
        await asyncio.to_thread(inbox.wait_for, lambda s: "Answered: Ship it" in s, "the notice")
        return await asyncio.wait_for(call, 30)

    result = run(body, env=inbox.server_env(), args=["--via", "web", "--no-bell"],
                 logging=log)
    details = result.structured_content
    assert details["answeredIn"] == "inbox", details
    assert details["answers"]["name"]["customText"] == "billing"
    assert "Name: user wrote: billing" in text_of(result)
    # The page closed: the inbox's answer was the question's.
    [page] = links_of(logged)
    status, _ = get(page)
    assert status != 200 or "closed" in _.lower()
    history = subprocess.run([BINARY, "history", "--json", "--store", inbox.store],
                             capture_output=True, text=True, check=True).stdout
    assert '"inbox-test"' in history and '"billing"' in history


def test_the_page_answering_first_takes_the_question_off_the_inbox(inbox):
    logged = []

    async def log(params):
        logged.append(str(params.data))

    async def body(session):
        call = asyncio.create_task(session.call_tool("ask_user_question", QUESTION))
        await asyncio.to_thread(inbox.wait_for, lambda s: "Ship it" in s, "the question")
        for _ in range(200):
            if links_of(logged):
                break
            await asyncio.sleep(0.05)
        [page] = links_of(logged)
        status, _ = await asyncio.to_thread(
            post, page, "answer", {"t.0": "from-the-page", "action": "submit"})
        assert status == 200
        return await asyncio.wait_for(call, 30)

    result = run(body, env=inbox.server_env(), args=["--via", "web", "--no-bell"],
                 logging=log)
    assert result.structured_content["answers"]["name"]["customText"] == "from-the-page"
    inbox.wait_for(lambda s: "No questionnaires waiting" in s, "the list emptied")
