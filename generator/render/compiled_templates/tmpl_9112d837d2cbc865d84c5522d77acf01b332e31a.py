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
    l_0_m = missing
    try:
        t_1 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_1(*unused):
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
    if ((undefined(name='uses_params') if l_0_uses_params is missing else l_0_uses_params) and (undefined(name='uses_overloads') if l_0_uses_overloads is missing else l_0_uses_overloads)):
        pass
        yield 'from typing import TYPE_CHECKING, Literal, overload\n'
    elif ((undefined(name='uses_params') if l_0_uses_params is missing else l_0_uses_params) and (undefined(name='uses_literal') if l_0_uses_literal is missing else l_0_uses_literal)):
        pass
        yield 'from typing import TYPE_CHECKING, Literal\n'
    elif (undefined(name='uses_params') if l_0_uses_params is missing else l_0_uses_params):
        pass
        yield 'from typing import TYPE_CHECKING\n'
    elif (undefined(name='uses_overloads') if l_0_uses_overloads is missing else l_0_uses_overloads):
        pass
        yield 'from typing import Literal, overload\n'
    elif (undefined(name='uses_literal') if l_0_uses_literal is missing else l_0_uses_literal):
        pass
        yield 'from typing import Literal\n'
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
        yield str(t_1(l_1_name))
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
                yield str(t_1(l_2_value))
                yield str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 78 in 'resources/resource.py.jinja' evaluated to false and no else section was defined.")))
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
debug_info = '1=30&2=32&8=36&16=40&19=43&20=47&22=52&26=56&28=59&30=62&32=65&34=68&40=72&52=76&55=79&58=82&63=86&70=90&71=94&74=99&76=103&77=105&78=107&83=121&84=123&88=125&89=127&90=129&91=132&95=136&96=138&98=140&99=142&100=146&104=152&105=154&108=156&109=158&110=162&114=168&115=170&119=172&120=174&121=176&122=179&126=183&127=185&129=187&130=189&131=193&135=199&136=201&139=203&140=205&141=209'