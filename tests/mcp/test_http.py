"""`ask-user-question mcp --http` driven by the official Python SDK's streamable HTTP client
(`mcp` on PyPI), and its refusals checked with plain HTTP.

The binary comes from ASK_USER_QUESTION (tests/mcp/run builds it and sets it).
"""

import asyncio
import contextlib
import http.client
import json
import os
import re
import signal
import subprocess
import threading
import urllib.parse

import httpx2
from mcp import ClientSession, types
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from test_python_sdk import BINARY, EVERY_TYPE, server_env, text_of, tmux  # noqa: F401 (a fixture)
from test_web_route import QUESTIONS, UrlClient, answer_on_the_page, get, until

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {},
    "clientInfo": {"name": "test", "version": "1"}}}


class HttpServer:
    """`ask-user-question mcp --http ARGS` until `stop()`; its endpoint and printed token."""

    def __init__(self, *args, env=None):
        self.process = subprocess.Popen(
            [BINARY, "mcp", "--http", *args], env=env or server_env(),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.lines = []
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.ready.wait(10), self.lines
        [self.url] = [m.group(1) for line in self.lines if (m := re.search(r"MCP over HTTP at (\S+)", line))]
        tokens = [m.group(1) for line in self.lines if (m := re.search(r"token: ([0-9a-f]{64}) ", line))]
        self.token = tokens[0] if tokens else None
        self.address = urllib.parse.urlsplit(self.url).netloc

    def _read(self):
        for line in self.process.stderr:
            self.lines.append(line)
            if "token" in line:
                self.ready.set()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(10)


@contextlib.contextmanager
def serving(*args, env=None):
    server = HttpServer(*args, env=env)
    try:
        yield server
    finally:
        server.stop()


@contextlib.asynccontextmanager
async def session(server, token=None, **callbacks):
    headers = {"Authorization": f"Bearer {token or server.token}"}
    async with create_mcp_http_client(headers=headers) as client:
        async with streamable_http_client(server.url, http_client=client) as (read, write):
            async with ClientSession(read, write, **callbacks) as opened:
                await opened.initialize()
                yield opened


def request(server, method="POST", body=INITIALIZE, path="/mcp", headers=None, send_body=True):
    """`(status, headers, body)` of one plain HTTP request with the token, unless `headers`
    says otherwise (a `None` value drops the header). Without `send_body`, only the headers
    go (with the body's length): a refusal comes before the body is read."""
    sent = {"Host": server.address, "Authorization": f"Bearer {server.token}",
            "Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    sent.update(headers or {})
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    connection = http.client.HTTPConnection(server.address, timeout=10)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for name, value in sent.items():
        if value is not None:
            connection.putheader(name, value)
    connection.putheader("Content-Length", str(len(data)))
    connection.endheaders(data if send_body else None)
    response = connection.getresponse()
    answer = response.status, response.headers, response.read().decode(errors="replace")
    connection.close()
    return answer


def test_a_call_over_http_is_answered_through_the_clients_form():
    seen = []

    async def answer(context, params):
        seen.append(params)
        return types.ElicitResult(action="accept", content={
            "approach": "safe", "checks": ["lint"], "name": "billing", "ship": True})

    async def body(server):
        async with session(server, elicitation_callback=answer) as opened:
            [tool] = (await opened.list_tools()).tools
            assert tool.name == "ask_user_question"
            return await opened.call_tool("ask_user_question", EVERY_TYPE)

    with serving() as server:
        result = asyncio.run(body(server))
        assert server.stop() == 0
    assert not result.is_error, text_of(result)
    [form] = seen
    assert form.requested_schema["properties"]["ship"]["type"] == "boolean"
    assert result.structured_content["via"] == "form"
    assert result.structured_content["answers"]["name"]["customText"] == "billing"


def test_two_sessions_ask_at_once_and_each_gets_its_own_answer():
    asked = []
    both = asyncio.Event()

    def answering(name):
        async def answer(context, params):
            asked.append(name)
            if len(asked) == 2:
                both.set()
            # Each client shows its own form: both are open before either is answered.
            await asyncio.wait_for(both.wait(), 10)
            return types.ElicitResult(action="accept", content={"name": name})
        return answer

    async def ask(server, name):
        async with session(server, elicitation_callback=answering(name)) as opened:
            return await opened.call_tool("ask_user_question", {**EVERY_TYPE, "title": name})

    async def body(server):
        return await asyncio.gather(ask(server, "first"), ask(server, "second"))

    with serving() as server:
        first, second = asyncio.run(body(server))
    assert sorted(asked) == ["first", "second"]
    assert first.structured_content["answers"]["name"]["customText"] == "first"
    assert second.structured_content["answers"]["name"]["customText"] == "second"


def test_the_web_route_over_http_sends_the_link_and_progress():
    client = UrlClient()
    progress = []

    async def on_progress(done, total, message):
        progress.append(message)

    async def body(server):
        async with session(server, elicitation_callback=client.elicit) as opened:
            call = asyncio.create_task(opened.call_tool(
                "ask_user_question", QUESTIONS, progress_callback=on_progress))
            page = await until(client.url, "the link")
            # Progress comes every 5 s while the person is being asked.
            await until(lambda: progress, "progress")
            await asyncio.to_thread(answer_on_the_page, page)
            return await call

    with serving("--via", "web") as server:
        result = asyncio.run(body(server))
    assert not result.is_error, text_of(result)
    assert [asked.mode for asked in client.asked] == ["url"]
    assert progress and progress[0].startswith("Waiting for the person to answer in the browser")
    assert result.structured_content["answeredIn"] == "web"


def test_each_session_has_its_own_log_level():
    logged = []

    async def log(params):
        logged.append(str(params.data))

    async def body(server):
        async with session(server) as quiet:
            await quiet.set_logging_level("warning")
            async with session(server, logging_callback=log) as other:
                call = asyncio.create_task(other.call_tool("ask_user_question", QUESTIONS))
                page = await until(lambda: next((re.search(r"http://\S+/", t).group(0)
                                                 for t in logged if "http://" in t), None),
                                   "the link in a log message")
                await asyncio.to_thread(answer_on_the_page, page)
                return await call

    with serving("--via", "web") as server:
        result = asyncio.run(body(server))
    assert result.structured_content["answeredIn"] == "web"


def test_stopping_the_server_closes_its_popups(tmux):
    popup = {"questions": [{"id": "why", "header": "Why", "prompt": "Why stop?", "type": "text"}]}

    async def body(server):
        async with session(server) as opened:
            # No form: the call asks in a popup.
            asyncio.create_task(opened.call_tool("ask_user_question", popup))
            await asyncio.to_thread(tmux.wait_for, lambda s: "Why stop?" in s, "the popup")
            stopped.append(server.stop())

    stopped = []
    with serving(env=tmux.server_env()) as server:
        # The session ends with the server, under the client's feet.
        with contextlib.suppress(Exception):
            asyncio.run(body(server))
    assert stopped == [0]
    # The popup is tmux's, not the server's: the server closed it on the way out.
    tmux.wait_for(lambda s: "Why stop?" not in s, "the popup to close")


def test_requests_without_the_right_token_are_refused():
    with serving() as server:
        missing = request(server, headers={"Authorization": None})
        wrong = request(server, headers={"Authorization": "Bearer " + "0" * 64})
        basic = request(server, headers={"Authorization": "Basic dXNlcjpwYXNz"})
        in_query = request(server, path=f"/mcp?access_token={server.token}&token={server.token}",
                           headers={"Authorization": None})
        elsewhere = request(server, method="GET", path="/", headers={"Authorization": None})
        good = request(server)
    for status, headers, body in (missing, wrong, basic, in_query, elsewhere):
        assert status == 401, body
        assert headers["WWW-Authenticate"].startswith("Bearer")
        assert json.loads(body)["error"] in ("missing_token", "invalid_token")
    assert json.loads(missing[2])["error"] == "missing_token"
    assert json.loads(wrong[2]) == {"error": "invalid_token", "error_description": "wrong token"}
    assert "not read" in json.loads(in_query[2])["error_description"]
    assert good[0] == 200, good


def test_other_hosts_and_origins_are_refused():
    with serving() as server:
        port = server.address.rsplit(":", 1)[1]
        refused = [
            request(server, headers={"Host": "evil.example"}),
            request(server, headers={"Host": f"evil.example:{port}"}),
            request(server, headers={"Host": "127.0.0.1:1"}),
            request(server, headers={"Origin": "http://evil.example"}),
            request(server, headers={"Origin": f"http://evil.example:{port}"}),
            request(server, headers={"Origin": "null"}),
            request(server, headers={"Origin": f"file://localhost:{port}"}),
        ]
        accepted = [
            request(server, headers={"Host": f"localhost:{port}"}),
            request(server, headers={"Host": f"[::1]:{port}", "Origin": f"http://localhost:{port}"}),
            request(server, headers={"Origin": f"http://{server.address}"}),
        ]
    for status, _, body in refused:
        assert status == 403, body
        assert json.loads(body)["error"] in ("forbidden_host", "forbidden_origin")
    assert [status for status, _, _ in accepted] == [200, 200, 200], accepted


def test_an_oversize_body_is_refused():
    big = json.dumps({**INITIALIZE, "padding": "x" * (4 << 20)}).encode()
    with serving() as server:
        status, _, body = request(server, body=big, send_body=False)
        # Without a length up front, rmcp counts the streamed body.
        chunked = httpx2.post(server.url, content=iter([big[:1 << 20], big[1 << 20:]]),
                              headers={"Authorization": f"Bearer {server.token}",
                                       "Content-Type": "application/json",
                                       "Accept": "application/json, text/event-stream"})
        no_token = request(server, body=big, headers={"Authorization": None}, send_body=False)
    assert status == 413, body
    assert json.loads(body)["error"] == "body_too_large"
    assert chunked.status_code == 413, chunked.text
    # The token is checked first: a stranger learns nothing from the size of what it sends.
    assert no_token[0] == 401


def test_sessions_are_capped():
    with serving() as server:
        opened = [request(server)[0] for _ in range(64)]
        status, headers, body = request(server)
        sid_request = request(server, method="POST", body={"jsonrpc": "2.0", "method": "ping", "id": 2},
                              headers={"Mcp-Session-Id": "no-such-session"})
    assert opened == [200] * 64
    assert status == 503, body
    assert json.loads(body)["error"] == "too_many_sessions"
    assert headers["Retry-After"]
    assert sid_request[0] == 404


def test_a_token_from_the_environment_or_a_file_is_used_and_not_printed(tmp_path):
    secret = "a-token-given-by-the-operator-0123"
    with serving(env=server_env({"ASK_USER_QUESTION_MCP_TOKEN": secret})) as server:
        assert server.token is None
        server.token = secret
        assert request(server)[0] == 200
        assert request(server, headers={"Authorization": "Bearer " + "x" * len(secret)})[0] == 401
    assert secret not in "".join(server.lines)
    path = tmp_path / "token"
    path.write_text(secret + "\n")
    with serving("--token-file", str(path)) as server:
        server.token = secret
        assert request(server)[0] == 200


def test_no_token_is_only_for_loopback_and_warns():
    with serving("--no-token") as server:
        assert any("--no-token" in line and "warning" in line for line in server.lines)
        assert request(server, headers={"Authorization": None})[0] == 200
    refused = subprocess.run([BINARY, "mcp", "--http", "192.0.2.1:8765", "--no-token"],
                             capture_output=True, text=True, timeout=10, env=server_env())
    assert refused.returncode == 2
    assert "loopback" in refused.stderr
    short = subprocess.run([BINARY, "mcp", "--http"], capture_output=True, text=True, timeout=10,
                           env=server_env({"ASK_USER_QUESTION_MCP_TOKEN": "short"}))
    assert short.returncode == 2
    assert "too short" in short.stderr


def test_a_session_ends_with_delete():
    with serving() as server:
        status, headers, _ = request(server)
        session_id = headers["Mcp-Session-Id"]
        ended = request(server, method="DELETE", body=b"", headers={"Mcp-Session-Id": session_id})
        again = request(server, body={"jsonrpc": "2.0", "method": "ping", "id": 2},
                        headers={"Mcp-Session-Id": session_id})
    assert status == 200
    # 204, not rmcp's 202: the Python SDK warns on anything but 200 or 204.
    assert ended[0] == 204, ended
    assert again[0] == 404, again


def test_revision_2026_07_28_over_http_asks_through_input_required():
    from mcp.client.client import Client

    seen = []

    async def answer(context, params):
        seen.append(params)
        return types.ElicitResult(action="accept", content={"name": "billing"})

    async def body(server):
        headers = {"Authorization": f"Bearer {server.token}"}
        async with create_mcp_http_client(headers=headers) as http:
            transport = streamable_http_client(server.url, http_client=http)
            # No initialize and no session: each request stands alone, the form's state sealed
            # in the result and sent back with the retry.
            async with Client(transport, mode="2026-07-28", elicitation_callback=answer) as client:
                assert client.session.protocol_version == "2026-07-28"
                return await client.call_tool("ask_user_question", EVERY_TYPE)

    with serving() as server:
        result = asyncio.run(body(server))
    assert len(seen) == 1
    assert not result.is_error, text_of(result)
    assert result.structured_content["answers"]["name"]["customText"] == "billing"
