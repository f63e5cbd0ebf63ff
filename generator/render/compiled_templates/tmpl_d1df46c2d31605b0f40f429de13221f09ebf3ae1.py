from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'models/__init__.py.jinja'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_header = resolve('header')
    l_0_doc = resolve('doc')
    l_0_kind = resolve('kind')
    l_0_imports = resolve('imports')
    l_0_names = resolve('names')
    l_0_module_of = resolve('module_of')
    try:
        t_1 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
    pass
    if (undefined(name='header') if l_0_header is missing else l_0_header):
        pass
        yield str((undefined(name='header') if l_0_header is missing else l_0_header))
        yield '\n\n'
    yield '"""'
    yield str((undefined(name='doc') if l_0_doc is missing else l_0_doc))
    yield '\n\nEach name is imported from its group module on first use (PEP 562 `__getattr__`), so importing\nthe package builds no '
    yield str((undefined(name='kind') if l_0_kind is missing else l_0_kind))
    yield '; type checkers read the imports below.\n"""\n\nfrom __future__ import annotations\n\nfrom typing import TYPE_CHECKING\n\n'
    if (undefined(name='imports') if l_0_imports is missing else l_0_imports):
        pass
        yield 'if TYPE_CHECKING:\n'
        for (l_1_module, l_1_names) in (undefined(name='imports') if l_0_imports is missing else l_0_imports):
            _loop_vars = {}
            pass
            yield '    from .'
            yield str(l_1_module)
            yield ' import (\n'
            for l_2_name in l_1_names:
                _loop_vars = {}
                pass
                yield '        '
                yield str(l_2_name)
                yield ' as '
                yield str(l_2_name)
                yield ',\n'
            l_2_name = missing
            yield '    )\n'
        l_1_module = l_1_names = missing
        yield '\n'
    if (undefined(name='names') if l_0_names is missing else l_0_names):
        pass
        yield '__all__ = [\n'
        for l_1_name in (undefined(name='names') if l_0_names is missing else l_0_names):
            _loop_vars = {}
            pass
            yield '    '
            yield str(t_1(l_1_name))
            yield ',\n'
        l_1_name = missing
        yield ']\n'
    else:
        pass
        yield '__all__: list[str] = []\n'
    yield '\n# name -> the group module defining it\n_MODULE_OF: dict[str, str] = {\n'
    for (l_1_name, l_1_module) in (undefined(name='module_of') if l_0_module_of is missing else l_0_module_of):
        _loop_vars = {}
        pass
        yield '    '
        yield str(t_1(l_1_name))
        yield ': '
        yield str(t_1(l_1_module))
        yield ',\n'
    l_1_name = l_1_module = missing
    yield '}\n\n# Hidden from type checkers: for them the package holds the names imported above and no\n# others, so a misspelt name is an error rather than `Any`. No other global here is spelled\n# like a group module (`_snake_case`): importing one binds its name in this namespace.\nif not TYPE_CHECKING:\n\n    def __getattr__(name: str) -> object:\n        import importlib\n\n        module = _MODULE_OF.get(name)\n        if module is None:\n            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")\n        value = getattr(importlib.import_module(f"{__name__}.{module}"), name)\n        globals()[name] = value  # the next access is a plain attribute\n        return value\n\n    def __dir__() -> list[str]:\n        return sorted({*globals(), *_MODULE_OF})\n'

blocks = {}
debug_info = '1=23&2=25&5=28&8=30&15=32&17=35&18=39&19=41&20=45&26=53&28=56&29=60&38=68&39=72'