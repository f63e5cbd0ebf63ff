from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'models/group.py.jinja'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_header = resolve('header')
    l_0_imports = resolve('imports')
    l_0_names = resolve('names')
    l_0_body = resolve('body')
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
    for l_1_line in (undefined(name='imports') if l_0_imports is missing else l_0_imports):
        _loop_vars = {}
        pass
        yield str(l_1_line)
        yield '\n'
    l_1_line = missing
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
    yield '\n\n'
    yield str((undefined(name='body') if l_0_body is missing else l_0_body))
    yield '\n'

blocks = {}
debug_info = '1=21&2=23&5=25&6=28&9=32&11=35&12=39&20=47'