from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '__init__.py.jinja'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_title_doc = resolve('title_doc')
    l_0_error_modules = resolve('error_modules')
    l_0_api = resolve('api')
    l_0_generator_version = resolve('generator_version')
    l_0_root_exports = resolve('root_exports')
    try:
        t_1 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_2 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
    pass
    yield str((undefined(name='title_doc') if l_0_title_doc is missing else l_0_title_doc))
    yield '\n\nfrom . import models, params\nfrom ._client import AsyncClient, Client\n'
    for (l_1_module, l_1_names) in (undefined(name='error_modules') if l_0_error_modules is missing else l_0_error_modules):
        _loop_vars = {}
        pass
        if (t_1(l_1_names) == 1):
            pass
            yield 'from .'
            yield str(l_1_module)
            yield ' import '
            yield str(environment.getitem(l_1_names, 0))
            yield '\n'
        else:
            pass
            yield 'from .'
            yield str(l_1_module)
            yield ' import (\n'
            for l_2_name in l_1_names:
                _loop_vars = {}
                pass
                yield '    '
                yield str(l_2_name)
                yield ',\n'
            l_2_name = missing
            yield ')\n'
    l_1_module = l_1_names = missing
    yield 'from ._pagination import AsyncPage, AsyncPaginator, SyncPage\nfrom ._response import APIResponse, AsyncAPIResponse\nfrom ._streaming import AsyncStream, Stream\nfrom ._types import NOT_GIVEN, NotGiven, Omit\n\n__version__ = '
    yield str(t_2(environment.getattr((undefined(name='api') if l_0_api is missing else l_0_api), 'version')))
    yield '\n__generator_version__ = '
    yield str(t_2((undefined(name='generator_version') if l_0_generator_version is missing else l_0_generator_version)))
    yield '\n\n__all__ = [\n'
    for l_1_name in (undefined(name='root_exports') if l_0_root_exports is missing else l_0_root_exports):
        _loop_vars = {}
        pass
        yield '    '
        yield str(t_2(l_1_name))
        yield ',\n'
    l_1_name = missing
    yield ']\n'

blocks = {}
debug_info = '1=28&5=30&6=33&7=36&9=43&10=45&11=49&21=55&22=57&25=59&26=63'