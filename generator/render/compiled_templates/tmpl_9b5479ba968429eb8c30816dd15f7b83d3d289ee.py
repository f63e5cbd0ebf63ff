from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'resources/__init__.py.jinja'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_resources = resolve('resources')
    l_0_resource_exports = resolve('resource_exports')
    try:
        t_1 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
    pass
    yield '"""The API\'s resources, one module each (`resources/<attribute>.py`, `client.<attribute>`).\n\n`Client` imports a resource\'s module the first time its attribute is read. The classes are\nexported here too, each module imported on first access'
    if (undefined(name='resources') if l_0_resources is missing else l_0_resources):
        pass
        yield ': reading\n`resources.'
        yield str(environment.getattr(environment.getitem((undefined(name='resources') if l_0_resources is missing else l_0_resources), 0), 'class_name'))
        yield '` imports `resources/'
        yield str(environment.getattr(environment.getitem((undefined(name='resources') if l_0_resources is missing else l_0_resources), 0), 'module'))
        yield '.py` only'
    yield '.\n"""\n\nfrom __future__ import annotations\n\nfrom importlib import import_module as _import_module\n'
    if (undefined(name='resources') if l_0_resources is missing else l_0_resources):
        pass
        yield 'from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n'
        for l_1_r in (undefined(name='resources') if l_0_resources is missing else l_0_resources):
            _loop_vars = {}
            pass
            yield '    from .'
            yield str(environment.getattr(l_1_r, 'module'))
            yield ' import Async'
            yield str(environment.getattr(l_1_r, 'class_name'))
            yield ', '
            yield str(environment.getattr(l_1_r, 'class_name'))
            yield '\n'
        l_1_r = missing
    yield '\n__all__ = [\n'
    for l_1_name in (undefined(name='resource_exports') if l_0_resource_exports is missing else l_0_resource_exports):
        _loop_vars = {}
        pass
        yield '    '
        yield str(t_1(l_1_name))
        yield ',\n'
    l_1_name = missing
    yield ']\n\n# exported class -> the module defining it\n_MODULES: dict[str, str] = {\n'
    for l_1_r in (undefined(name='resources') if l_0_resources is missing else l_0_resources):
        _loop_vars = {}
        pass
        yield '    '
        yield str(t_1(environment.getattr(l_1_r, 'class_name')))
        yield ': '
        yield str(t_1(environment.getattr(l_1_r, 'module')))
        yield ',\n    '
        yield str(t_1(('Async' + environment.getattr(l_1_r, 'class_name'))))
        yield ': '
        yield str(t_1(environment.getattr(l_1_r, 'module')))
        yield ',\n'
    l_1_r = missing
    yield '}\n\n\ndef __getattr__(name: str) -> object:\n    """A resource class, its module imported on first access (PEP 562)."""\n    module = _MODULES.get(name)\n    if module is None:\n        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")\n    value = getattr(_import_module(f".{module}", __name__), name)\n    globals()[name] = value\n    return value\n\n\ndef __dir__() -> list[str]:\n    return sorted({*globals(), *__all__})\n'

blocks = {}
debug_info = '4=20&5=23&11=28&15=31&16=35&21=43&22=47&28=51&29=55&30=59'