from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'http_import.py.jinja'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_library = resolve('library')
    pass
    yield 'import '
    yield str((undefined(name='library') if l_0_library is missing else l_0_library))
    yield ' as _lib\n'

blocks = {}
debug_info = '1=13'