from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_client.py.jinja'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_resources = resolve('resources')
    l_0_security = resolve('security')
    l_0_api = resolve('api')
    l_0_user_agent = resolve('user_agent')
    l_0_idempotency_default = resolve('idempotency_default')
    try:
        t_1 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
    pass
    yield '"""The API clients: `Client` (sync) and `AsyncClient`."""\n\nfrom __future__ import annotations\n\nimport os\nfrom collections.abc import Mapping\n'
    if (undefined(name='resources') if l_0_resources is missing else l_0_resources):
        pass
        yield 'from functools import cached_property\nfrom typing import TYPE_CHECKING, Self\n'
    else:
        pass
        yield 'from typing import Self\n'
    yield '\nfrom . import _http\nfrom ._auth import Auth, SecurityScheme, from_env'
    if environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'basic'):
        pass
        yield ', pair_from_env'
    yield '\n\nfrom ._base_client import (\n    DEFAULT_MAX_EVENT_SIZE,\n    DEFAULT_MAX_REDIRECTS,\n    DEFAULT_MAX_RESPONSE_SIZE,\n    AsyncAPIClient,\n    SyncAPIClient,\n    check_base_url,\n)\nfrom ._options import copied_client\nfrom ._types import NOT_GIVEN, NotGiven, Timeout\n\n'
    if (undefined(name='resources') if l_0_resources is missing else l_0_resources):
        pass
        yield "if TYPE_CHECKING:\n    # each resource's module is imported when its attribute is first read (below)\n"
        for l_1_r in (undefined(name='resources') if l_0_resources is missing else l_0_resources):
            _loop_vars = {}
            pass
            yield '    from .resources.'
            yield str(environment.getattr(l_1_r, 'module'))
            yield ' import Async'
            yield str(environment.getattr(l_1_r, 'class_name'))
            yield ', '
            yield str(environment.getattr(l_1_r, 'class_name'))
            yield '\n'
        l_1_r = missing
    yield '\n__all__ = ["DEFAULT_BASE_URL", "AsyncClient", "Client"]\n\nAPI_KEY_ENV = '
    yield str(t_1(environment.getattr(environment.getattr((undefined(name='api') if l_0_api is missing else l_0_api), 'options'), 'api_key_env')))
    yield '\nBASE_URL_ENV = '
    yield str(t_1(environment.getattr(environment.getattr((undefined(name='api') if l_0_api is missing else l_0_api), 'options'), 'base_url_env')))
    yield '\nDEFAULT_BASE_URL: str | None = '
    yield str(t_1(environment.getattr((undefined(name='api') if l_0_api is missing else l_0_api), 'base_url')))
    yield '\n# The package and its API version, then the generator that wrote it.\nUSER_AGENT = '
    yield str(t_1((undefined(name='user_agent') if l_0_user_agent is missing else l_0_user_agent)))
    yield '\n#: the idempotency-key header every POST and PATCH carries (the document says the server\n#: de-duplicates on it, so they are retried); NOT_GIVEN: only operations declaring one\n#: (`idempotency_header=None` on the client sends no key, and makes no keyed retry, anywhere)\nIDEMPOTENCY_HEADER: str | NotGiven = '
    yield str((undefined(name='idempotency_default') if l_0_idempotency_default is missing else l_0_idempotency_default))
    yield "\n#: the document's security schemes, as sent\nSECURITY_SCHEMES: tuple[SecurityScheme, ...] = (\n"
    for l_1_s in environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'schemes'):
        _loop_vars = {}
        pass
        yield '    SecurityScheme('
        yield str(t_1(environment.getattr(l_1_s, 'key')))
        yield ', '
        yield str(t_1(environment.getattr(l_1_s, 'location')))
        yield ', '
        yield str(t_1(environment.getattr(l_1_s, 'field')))
        if environment.getattr(l_1_s, 'prefix'):
            pass
            yield ', prefix='
            yield str(t_1(environment.getattr(l_1_s, 'prefix')))
        if environment.getattr(l_1_s, 'basic'):
            pass
            yield ', basic=True'
        yield '),\n'
    l_1_s = missing
    yield ")\n#: the document's `security`: alternatives, each the schemes it needs together\nSECURITY: list[list[str]] = "
    yield str(t_1(environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'requirements')))
    yield "\n#: how each scheme's credential is given, for error messages\nCREDENTIAL_SOURCES: dict[str, str] = {\n"
    for l_1_s in environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'schemes'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(t_1(environment.getattr(l_1_s, 'key')))
        yield ': '
        yield str(t_1(environment.getattr(l_1_s, 'source')))
        yield ',\n'
    l_1_s = missing
    yield '}\n\n\ndef _base_url(base_url: str | None) -> str:\n    env_url = None if base_url else os.environ.get(BASE_URL_ENV)\n    if env_url:  # said wrong under its own name, not as base_url=\n        check_base_url(env_url, named=BASE_URL_ENV)\n    resolved = base_url or env_url or DEFAULT_BASE_URL\n    if not resolved:\n        raise ValueError(\n'
    if environment.getattr((undefined(name='api') if l_0_api is missing else l_0_api), 'server_path'):
        pass
        yield '            f"no base URL: pass base_url= or set {BASE_URL_ENV} (the full URL, ending in the"\n            '
        yield str(t_1(((" spec's relative server " + environment.getattr((undefined(name='api') if l_0_api is missing else l_0_api), 'server_path')) + ')')))
        yield '\n'
    else:
        pass
        yield '            f"no base URL: pass base_url= or set {BASE_URL_ENV} (the spec names no server)"\n'
    yield '        )\n    return resolved\n\n\ndef _auth(\n'
    for l_1_s in environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'schemes'):
        _loop_vars = {}
        pass
        for l_2_a in environment.getattr(l_1_s, 'arguments'):
            _loop_vars = {}
            pass
            yield '    '
            yield str(l_2_a)
            yield ': str | None,\n'
        l_2_a = missing
    l_1_s = missing
    yield ') -> Auth:\n    """The client\'s credentials: the arguments, else their environment variables."""\n    return Auth(\n        SECURITY_SCHEMES,\n        {\n'
    for l_1_s in environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'schemes'):
        _loop_vars = {}
        pass
        if environment.getattr(l_1_s, 'basic'):
            pass
            yield '            '
            yield str(t_1(environment.getattr(l_1_s, 'key')))
            yield ': pair_from_env('
            yield str(environment.getitem(environment.getattr(l_1_s, 'arguments'), 0))
            yield ', '
            yield str(environment.getitem(environment.getattr(l_1_s, 'arguments'), 1))
            yield ', '
            yield str(t_1(environment.getitem(environment.getattr(l_1_s, 'env'), 0)))
            yield ', '
            yield str(t_1(environment.getitem(environment.getattr(l_1_s, 'env'), 1)))
            yield '),\n'
        else:
            pass
            yield '            '
            yield str(t_1(environment.getattr(l_1_s, 'key')))
            yield ': from_env('
            yield str(environment.getitem(environment.getattr(l_1_s, 'arguments'), 0))
            yield ', '
            yield str(('API_KEY_ENV' if (environment.getitem(environment.getattr(l_1_s, 'env'), 0) == environment.getattr(environment.getattr((undefined(name='api') if l_0_api is missing else l_0_api), 'options'), 'api_key_env')) else t_1(environment.getitem(environment.getattr(l_1_s, 'env'), 0))))
            yield '),\n'
    l_1_s = missing
    yield '        },\n        requirements=SECURITY,\n        sources=CREDENTIAL_SOURCES,\n        required='
    yield str(t_1(environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'required')))
    yield ',\n    )\n'
    l_1_loop = missing
    for l_1_variant, l_1_loop in LoopContext(['sync', 'async'], undefined):
        l_1_operation_servers = resolve('operation_servers')
        l_1_client_params = resolve('client_params')
        l_1_is_async = l_1_cls = l_1_base = l_1_prefix = missing
        _loop_vars = {}
        pass
        l_1_is_async = (l_1_variant == 'async')
        _loop_vars['is_async'] = l_1_is_async
        l_1_cls = ('AsyncClient' if (undefined(name='is_async') if l_1_is_async is missing else l_1_is_async) else 'Client')
        _loop_vars['cls'] = l_1_cls
        l_1_base = ('AsyncAPIClient' if (undefined(name='is_async') if l_1_is_async is missing else l_1_is_async) else 'SyncAPIClient')
        _loop_vars['base'] = l_1_base
        l_1_prefix = ('Async' if (undefined(name='is_async') if l_1_is_async is missing else l_1_is_async) else '')
        _loop_vars['prefix'] = l_1_prefix
        yield '\n\nclass '
        yield str((undefined(name='cls') if l_1_cls is missing else l_1_cls))
        yield '('
        yield str((undefined(name='base') if l_1_base is missing else l_1_base))
        yield '):\n    """'
        yield str(('Async client' if (undefined(name='is_async') if l_1_is_async is missing else l_1_is_async) else 'Client'))
        yield ' for the API: one attribute per resource."""\n\n    user_agent = USER_AGENT\n'
        if environment.getattr((undefined(name='api') if l_0_api is missing else l_0_api), 'path_prefix'):
            pass
            yield "    # every operation's path starts with it: a base URL ending in it has it dropped once\n    _path_prefix = "
            yield str(t_1(environment.getattr((undefined(name='api') if l_0_api is missing else l_0_api), 'path_prefix')))
            yield '\n'
        if (undefined(name='operation_servers') if l_1_operation_servers is missing else l_1_operation_servers):
            pass
            yield "    # where the operations with servers of their own go while the base URL is the document's\n    _document_base_url = DEFAULT_BASE_URL\n    _operation_servers = ("
            l_2_loop = missing
            for l_2_server, l_2_loop in LoopContext((undefined(name='operation_servers') if l_1_operation_servers is missing else l_1_operation_servers), undefined):
                _loop_vars = {}
                pass
                yield str(t_1(l_2_server))
                yield ','
                if (not environment.getattr(l_2_loop, 'last')):
                    pass
                    yield ' '
            l_2_loop = l_2_server = missing
            yield ')\n'
        yield '\n    def __init__(\n        self,\n        *,\n'
        for l_2_a in environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'arguments'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(l_2_a)
            yield ': str | None = None,\n'
        l_2_a = missing
        yield '        base_url: str | None = None,\n'
        for l_2_p in (undefined(name='client_params') if l_1_client_params is missing else l_1_client_params):
            _loop_vars = {}
            pass
            yield '        '
            yield str(environment.getattr(l_2_p, 'name'))
            yield ': '
            yield str(environment.getattr(l_2_p, 'annotation'))
            yield ' = '
            yield str(environment.getattr(l_2_p, 'default'))
            yield ',\n'
        l_2_p = missing
        yield '        timeout: Timeout | NotGiven = NOT_GIVEN,\n        max_retries: int = 2,\n        max_redirects: int = DEFAULT_MAX_REDIRECTS,\n        max_response_size: int = DEFAULT_MAX_RESPONSE_SIZE,\n        max_event_size: int = DEFAULT_MAX_EVENT_SIZE,\n        idempotency_header: str | None | NotGiven = IDEMPOTENCY_HEADER,\n        default_headers: Mapping[str, str] | None = None,\n        default_query: Mapping[str, object] | None = None,\n        strict_response_validation: bool = False,\n        http_client: _http.'
        yield str(('AsyncClient' if (undefined(name='is_async') if l_1_is_async is missing else l_1_is_async) else 'Client'))
        yield ' | None = None,\n    ) -> None:\n        """Create a client.\n\n        Credentials, each its argument else its environment variable:\n'
        for l_2_line in environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'doc'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(l_2_line)
            yield '\n'
        l_2_line = missing
        if environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'required'):
            pass
            yield '        Without any, creating the client raises `MissingCredentialsError`.\n'
        elif environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'needed'):
            pass
            yield '        Without any, the client is made (some operations are public) and a call of an\n        operation that needs one raises `MissingCredentialsError`, before anything is sent.\n'
        yield '\n        The base URL defaults to `'
        yield str(environment.getattr(environment.getattr((undefined(name='api') if l_0_api is missing else l_0_api), 'options'), 'base_url_env'))
        yield '`, then to the spec\'s server.\n        `max_response_size` and `max_event_size` bound what one response body (decoded) and\n        one server-sent event may hold, in bytes. With `strict_response_validation=True` an\n        answer (or streamed event) that does not match its declared model raises\n        `APIResponseValidationError` instead of being returned as built without validation.\n        """\n        #: the credentials as given or found in the environment (`copy()` passes them on)\n        self.credential_arguments: dict[str, str | None] = {\n'
        l_2_loop = missing
        for l_2_s, l_2_loop in LoopContext(environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'schemes'), undefined):
            _loop_vars = {}
            pass
            l_3_loop = missing
            for l_3_a, l_3_loop in LoopContext(environment.getattr(l_2_s, 'arguments'), undefined):
                _loop_vars = {}
                pass
                yield '            '
                yield str(t_1(l_3_a))
                yield ': from_env('
                yield str(l_3_a)
                yield ', '
                yield str(('API_KEY_ENV' if (environment.getitem(environment.getattr(l_2_s, 'env'), environment.getattr(l_3_loop, 'index0')) == environment.getattr(environment.getattr((undefined(name='api') if l_0_api is missing else l_0_api), 'options'), 'api_key_env')) else t_1(environment.getitem(environment.getattr(l_2_s, 'env'), environment.getattr(l_3_loop, 'index0')))))
                yield '),\n'
            l_3_loop = l_3_a = missing
        l_2_loop = l_2_s = missing
        yield '        }\n        super().__init__(\n            base_url=_base_url(base_url),\n'
        if environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'single_key'):
            pass
            yield '            api_key=self.credential_arguments["api_key"],\n'
        else:
            pass
            yield '            api_key=None,\n'
        yield '            auth=_auth(**self.credential_arguments),\n            timeout=timeout,\n            max_retries=max_retries,\n            max_redirects=max_redirects,\n            max_response_size=max_response_size,\n            max_event_size=max_event_size,\n            idempotency_header=idempotency_header,\n            default_headers=default_headers,\n            default_query=default_query,\n            strict_response_validation=strict_response_validation,\n            http_client=http_client,\n        )\n        self.client_params: dict[str, object] = {\n'
        for l_2_p in (undefined(name='client_params') if l_1_client_params is missing else l_1_client_params):
            _loop_vars = {}
            pass
            yield '            '
            yield str(t_1(environment.getattr(l_2_p, 'name')))
            yield ': '
            yield str(environment.getattr(l_2_p, 'name'))
            yield ',\n'
        l_2_p = missing
        yield '        }\n\n    def copy(\n        self,\n        *,\n'
        for l_2_a in environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'arguments'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(l_2_a)
            yield ': str | None = None,\n'
        l_2_a = missing
        yield '        base_url: str | None = None,\n'
        for l_2_p in (undefined(name='client_params') if l_1_client_params is missing else l_1_client_params):
            _loop_vars = {}
            pass
            yield '        '
            yield str(environment.getattr(l_2_p, 'name'))
            yield ': '
            yield str(environment.getattr(l_2_p, 'annotation'))
            yield ' | NotGiven = NOT_GIVEN,\n'
        l_2_p = missing
        yield '        timeout: Timeout | NotGiven = NOT_GIVEN,\n        max_retries: int | NotGiven = NOT_GIVEN,\n        max_redirects: int | NotGiven = NOT_GIVEN,\n        max_response_size: int | NotGiven = NOT_GIVEN,\n        max_event_size: int | NotGiven = NOT_GIVEN,\n        idempotency_header: str | None | NotGiven = NOT_GIVEN,\n        default_headers: Mapping[str, str] | None = None,\n        default_query: Mapping[str, object] | None = None,\n        strict_response_validation: bool | NotGiven = NOT_GIVEN,\n        http_client: _http.'
        yield str(('AsyncClient' if (undefined(name='is_async') if l_1_is_async is missing else l_1_is_async) else 'Client'))
        yield ' | None = None,\n    ) -> Self:\n        """A new client with the given options changed and the others as this one\'s.\n\n        It shares this client\'s connection pool (unless `http_client` is given); headers and\n        query parameters are added to this client\'s: `client.with_options(timeout=5.0)` for\n        a few calls with another timeout. An option left out stays as this client\'s, and so\n        does one given as `None` (credentials too), but for `timeout` (`None`: no timeout),\n'
        if (undefined(name='client_params') if l_1_client_params is missing else l_1_client_params):
            pass
            yield '        `idempotency_header` (`None`: no key) and the arguments set once for every call\n        (`None` unsets one: each call then passes its own, as without it).\n'
        else:
            pass
            yield '        and `idempotency_header` (`None`: no key).\n'
        yield '        """\n        return copied_client(\n            self,\n            {\n'
        for l_2_a in environment.getattr((undefined(name='security') if l_0_security is missing else l_0_security), 'arguments'):
            _loop_vars = {}
            pass
            yield '                '
            yield str(t_1(l_2_a))
            yield ': '
            yield str(l_2_a)
            yield ',\n'
        l_2_a = missing
        yield '                "base_url": base_url,\n'
        for l_2_p in (undefined(name='client_params') if l_1_client_params is missing else l_1_client_params):
            _loop_vars = {}
            pass
            yield '                '
            yield str(t_1(environment.getattr(l_2_p, 'name')))
            yield ': '
            yield str(environment.getattr(l_2_p, 'name'))
            yield ',\n'
        l_2_p = missing
        yield '                "timeout": timeout,\n                "max_retries": max_retries,\n                "max_redirects": max_redirects,\n                "max_response_size": max_response_size,\n                "max_event_size": max_event_size,\n                "idempotency_header": idempotency_header,\n                "default_headers": default_headers,\n                "default_query": default_query,\n                "strict_response_validation": strict_response_validation,\n                "http_client": http_client,\n            },\n        )\n\n    with_options = copy\n'
        for l_2_r in (undefined(name='resources') if l_0_resources is missing else l_0_resources):
            _loop_vars = {}
            pass
            yield '\n    @cached_property\n    def '
            yield str(environment.getattr(l_2_r, 'attr'))
            yield '(self) -> '
            yield str((undefined(name='prefix') if l_1_prefix is missing else l_1_prefix))
            yield str(environment.getattr(l_2_r, 'class_name'))
            yield ':\n        """The `'
            yield str(environment.getattr(l_2_r, 'attr'))
            yield '` resource, its module imported on first use and the object kept."""\n        from .resources.'
            yield str(environment.getattr(l_2_r, 'module'))
            yield ' import '
            yield str((undefined(name='prefix') if l_1_prefix is missing else l_1_prefix))
            yield str(environment.getattr(l_2_r, 'class_name'))
            yield '\n\n        return '
            yield str((undefined(name='prefix') if l_1_prefix is missing else l_1_prefix))
            yield str(environment.getattr(l_2_r, 'class_name'))
            yield '(self)\n'
        l_2_r = missing
    l_1_loop = l_1_variant = l_1_is_async = l_1_cls = l_1_base = l_1_prefix = l_1_operation_servers = l_1_client_params = missing

blocks = {}
debug_info = '7=23&15=30&29=34&32=37&33=41&39=49&40=51&41=53&43=55&47=57&50=59&51=63&55=78&58=80&59=84&71=90&73=93&82=99&83=102&84=106&92=111&93=114&94=117&96=130&102=138&104=141&105=147&106=149&107=151&108=153&111=156&112=160&115=162&117=165&119=167&122=171&128=182&129=186&132=190&133=194&144=202&149=204&150=208&152=211&154=214&159=218&167=221&168=225&169=229&175=238&193=245&194=249&201=255&202=259&205=263&206=267&217=273&225=275&235=282&236=286&239=292&240=296&256=302&259=306&260=311&261=313&263=318'