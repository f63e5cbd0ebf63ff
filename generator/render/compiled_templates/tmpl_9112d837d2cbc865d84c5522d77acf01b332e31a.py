from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'resources/resource.py.jinja'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_uses_deprecated = resolve('uses_deprecated')
    l_0_resource = resolve('resource')
    l_0_uses_abc = resolve('uses_abc')
    l_0_annotation_modules = resolve('annotation_modules')
    l_0_uses_params = resolve('uses_params')
    l_0_uses_overloads = resolve('uses_overloads')
    l_0_uses_literal = resolve('uses_literal')
    l_0_uses_models = resolve('uses_models')
    l_0_uses_file_content = resolve('uses_file_content')
    l_0_uses_pages = resolve('uses_pages')
    l_0_uses_streams = resolve('uses_streams')
    l_0_resource_exports = resolve('resource_exports')
    l_0_m = l_0_typing_names = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('macros.jinja', 'resources/resource.py.jinja')._get_default_module(context)
    context.exported_vars.discard('m')
    if (undefined(name='uses_deprecated') if l_0_uses_deprecated is missing else l_0_uses_deprecated):
        pass
        yield '# This module defines deprecated methods (PEP 702) and wraps them (`with_raw_response`): only the\n# calls of its users are to be flagged.\n# mypy: disable-error-code="deprecated"\n# pyright: reportDeprecated=false\n'
    yield '"""The `'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'attr'))
    yield '` resource (`client.'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'attr'))
    yield '`): its sync and async classes.\n\nThe models each answer parses into are looked up on the operation\'s first call, so importing this\nmodule loads none of them.\n"""\n\nfrom __future__ import annotations\n\n'
    if (undefined(name='uses_abc') if l_0_uses_abc is missing else l_0_uses_abc):
        pass
        yield 'import collections.abc as _abc\n'
    for (l_1_module, l_1_alias) in (undefined(name='annotation_modules') if l_0_annotation_modules is missing else l_0_annotation_modules):
        _loop_vars = {}
        pass
        yield 'import '
        yield str(l_1_module)
        yield ' as '
        yield str(l_1_alias)
        yield '\n'
    l_1_module = l_1_alias = missing
    if (undefined(name='uses_deprecated') if l_0_uses_deprecated is missing else l_0_uses_deprecated):
        pass
        yield 'import typing_extensions as _typing_extensions\n'
    yield 'from collections.abc import Mapping\n'
    l_0_typing_names = (((['TYPE_CHECKING'] if (undefined(name='uses_params') if l_0_uses_params is missing else l_0_uses_params) else []) + (['Literal'] if ((undefined(name='uses_overloads') if l_0_uses_overloads is missing else l_0_uses_overloads) or (undefined(name='uses_literal') if l_0_uses_literal is missing else l_0_uses_literal)) else [])) + (['overload'] if (undefined(name='uses_overloads') if l_0_uses_overloads is missing else l_0_uses_overloads) else []))
    context.vars['typing_names'] = l_0_typing_names
    context.exported_vars.add('typing_names')
    if (undefined(name='typing_names') if l_0_typing_names is missing else l_0_typing_names):
        pass
        yield 'from typing import '
        yield str(t_1(context.eval_ctx, (undefined(name='typing_names') if l_0_typing_names is missing else l_0_typing_names), ', '))
        yield '\n'
    yield '\n\nfrom .. import _operations as _ops\n'
    if (undefined(name='uses_models') if l_0_uses_models is missing else l_0_uses_models):
        pass
        yield 'from .. import models as _models\n'
    yield 'from .._base_client import AsyncAPIClient, ResponseSpec, ResponseTargets, SyncAPIClient\nfrom .._base_resource import (\n    AsyncAPIResource,\n    SyncAPIResource,\n    async_to_raw_response,\n    async_to_streamed_response,\n    to_raw_response,\n    to_streamed_response,\n)\n'
    if (undefined(name='uses_file_content') if l_0_uses_file_content is missing else l_0_uses_file_content):
        pass
        yield 'from .._operations import FileContent\n'
    if (undefined(name='uses_pages') if l_0_uses_pages is missing else l_0_uses_pages):
        pass
        yield 'from .._pagination import AsyncPage, AsyncPaginator, Pagination, SyncPage\n'
    if (undefined(name='uses_streams') if l_0_uses_streams is missing else l_0_uses_streams):
        pass
        yield 'from .._streaming import AsyncStream, Stream\n'
    yield 'from .._types import NOT_GIVEN, Headers, NotGiven, Query, Timeout\n\n'
    if (undefined(name='uses_params') if l_0_uses_params is missing else l_0_uses_params):
        pass
        yield 'if TYPE_CHECKING:\n    # the request dicts are named in signatures only: params is not imported at run time\n    from .. import params as _params\n'
    yield '\n__all__ = [\n'
    for l_1_name in (undefined(name='resource_exports') if l_0_resource_exports is missing else l_0_resource_exports):
        _loop_vars = {}
        pass
        yield '    '
        yield str(t_2(l_1_name))
        yield ',\n'
    l_1_name = missing
    yield ']\n'
    l_1_loop = missing
    for l_1_op, l_1_loop in LoopContext(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'operations'), undefined):
        _loop_vars = {}
        pass
        yield '\n'
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'response_spec'), environment.getattr(l_1_op, 'responses'), _loop_vars=_loop_vars))
        yield '\n'
        if environment.getattr(l_1_op, 'page'):
            pass
            yield str(environment.getattr(environment.getattr(l_1_op, 'page'), 'constant'))
            yield ' = Pagination('
            l_2_loop = missing
            for (l_2_name, l_2_value), l_2_loop in LoopContext(environment.getattr(environment.getattr(l_1_op, 'page'), 'arguments'), undefined):
                _loop_vars = {}
                pass
                yield str(l_2_name)
                yield '='
                yield str(t_2(l_2_value))
                yield str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 71 in 'resources/resource.py.jinja' evaluated to false and no else section was defined.")))
            l_2_loop = l_2_name = l_2_value = missing
            yield ')\n'
    l_1_loop = l_1_op = missing
    yield '\n\nclass '
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield '(SyncAPIResource):\n    """Operations of the `'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'attr'))
    yield '` resource."""\n\n    def __init__(self, client: SyncAPIClient) -> None:\n        super().__init__(client)\n        self.with_raw_response = '
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield 'WithRawResponse(self)\n        self.with_streaming_response = '
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield 'WithStreamingResponse(self)\n'
    for l_1_op in environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'operations'):
        _loop_vars = {}
        pass
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'method'), l_1_op, environment.getattr(l_1_op, 'sync'), _loop_vars=_loop_vars))
        yield '\n'
    l_1_op = missing
    yield '\n\nclass '
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield 'WithRawResponse:\n    """`'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'attr'))
    yield '` methods that return the raw response: status, headers, `parse()`."""\n\n    def __init__(self, resource: '
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield ') -> None:\n'
    for l_1_op in environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'operations'):
        _loop_vars = {}
        pass
        yield '        self.'
        yield str(environment.getattr(l_1_op, 'name'))
        yield ' = to_raw_response(resource.'
        yield str(environment.getattr(l_1_op, 'name'))
        yield ')\n'
    l_1_op = missing
    yield '\n\nclass '
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield 'WithStreamingResponse:\n    """`'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'attr'))
    yield '` methods that return the response unread, as a context manager:\n    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""\n\n    def __init__(self, resource: '
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield ') -> None:\n'
    for l_1_op in environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'operations'):
        _loop_vars = {}
        pass
        yield '        self.'
        yield str(environment.getattr(l_1_op, 'name'))
        yield ' = to_streamed_response(resource.'
        yield str(environment.getattr(l_1_op, 'name'))
        yield ')\n'
    l_1_op = missing
    yield '\n\nclass Async'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield '(AsyncAPIResource):\n    """Operations of the `'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'attr'))
    yield '` resource (async)."""\n\n    def __init__(self, client: AsyncAPIClient) -> None:\n        super().__init__(client)\n        self.with_raw_response = Async'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield 'WithRawResponse(self)\n        self.with_streaming_response = Async'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield 'WithStreamingResponse(self)\n'
    for l_1_op in environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'operations'):
        _loop_vars = {}
        pass
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'method'), l_1_op, environment.getattr(l_1_op, 'async_'), _loop_vars=_loop_vars))
        yield '\n'
    l_1_op = missing
    yield '\n\nclass Async'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield 'WithRawResponse:\n    """`'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'attr'))
    yield '` methods that return the raw response: status, headers, `parse()`."""\n\n    def __init__(self, resource: Async'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield ') -> None:\n'
    for l_1_op in environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'operations'):
        _loop_vars = {}
        pass
        yield '        self.'
        yield str(environment.getattr(l_1_op, 'name'))
        yield ' = async_to_raw_response(resource.'
        yield str(environment.getattr(l_1_op, 'name'))
        yield ')\n'
    l_1_op = missing
    yield '\n\nclass Async'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield 'WithStreamingResponse:\n    """`'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'attr'))
    yield '` methods that return the response unread, as an async context\n    manager: `async with ... as response:` then `await response.parse()`."""\n\n    def __init__(self, resource: Async'
    yield str(environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'class_name'))
    yield ') -> None:\n'
    for l_1_op in environment.getattr((undefined(name='resource') if l_0_resource is missing else l_0_resource), 'operations'):
        _loop_vars = {}
        pass
        yield '        self.'
        yield str(environment.getattr(l_1_op, 'name'))
        yield ' = async_to_streamed_response(resource.'
        yield str(environment.getattr(l_1_op, 'name'))
        yield ')\n'
    l_1_op = missing

blocks = {}
debug_info = '1=36&2=38&8=42&16=46&19=49&20=53&22=58&26=62&27=65&28=68&33=71&45=75&48=78&51=81&56=85&63=89&64=93&67=98&69=102&70=104&71=106&76=120&77=122&81=124&82=126&83=128&84=131&88=135&89=137&91=139&92=141&93=145&97=151&98=153&101=155&102=157&103=161&107=167&108=169&112=171&113=173&114=175&115=178&119=182&120=184&122=186&123=188&124=192&128=198&129=200&132=202&133=204&134=208'