from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'params.py.jinja'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_annotation_modules = resolve('annotation_modules')
    l_0_param_exports = resolve('param_exports')
    l_0_param_classes = resolve('param_classes')
    try:
        t_1 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
    pass
    yield '"""Request objects as plain dicts: the `TypedDict` form of each model a request argument uses.\n\nEvery argument typed with a model also takes its `...Param` dict (`stream_options={"include_usage":\nTrue}` type-checks as well as `models.StreamOptions(include_usage=True)`); keys are the wire\nnames, required ones marked `Required`. The model still checks the dict before anything is sent.\n"""\n\nfrom __future__ import annotations\n\nimport collections.abc as _abc\n'
    for (l_1_module, l_1_alias) in (undefined(name='annotation_modules') if l_0_annotation_modules is missing else l_0_annotation_modules):
        _loop_vars = {}
        pass
        yield 'import '
        yield str(l_1_module)
        yield ' as '
        yield str(l_1_alias)
        yield '\n'
    l_1_module = l_1_alias = missing
    yield 'from typing import Required, TypedDict\n\n\nfrom . import models as _models\n\n'
    if (undefined(name='param_exports') if l_0_param_exports is missing else l_0_param_exports):
        pass
        yield '__all__ = [\n'
        for l_1_name in (undefined(name='param_exports') if l_0_param_exports is missing else l_0_param_exports):
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
    for l_1_c in (undefined(name='param_classes') if l_0_param_classes is missing else l_0_param_classes):
        _loop_vars = {}
        pass
        yield '\n'
        if environment.getattr(l_1_c, 'functional'):
            pass
            yield str(environment.getattr(l_1_c, 'name'))
            yield ' = TypedDict(\n    '
            yield str(t_1(environment.getattr(l_1_c, 'name')))
            yield ',\n    {\n'
            for (l_2_key, l_2_annotation) in environment.getattr(l_1_c, 'fields'):
                _loop_vars = {}
                pass
                yield '        '
                yield str(t_1(l_2_key))
                yield ': '
                yield str(t_1(l_2_annotation))
                yield ',\n'
            l_2_key = l_2_annotation = missing
            yield '    },\n    total=False,\n)\n"""The dict form of `models.'
            yield str(environment.getattr(l_1_c, 'model'))
            yield '`."""\n'
        else:
            pass
            yield '\nclass '
            yield str(environment.getattr(l_1_c, 'name'))
            yield '(TypedDict, total=False):\n    """The dict form of `models.'
            yield str(environment.getattr(l_1_c, 'model'))
            yield '`."""\n\n'
            for (l_2_key, l_2_annotation) in environment.getattr(l_1_c, 'fields'):
                _loop_vars = {}
                pass
                yield '    '
                yield str(l_2_key)
                yield ': '
                yield str(l_2_annotation)
                yield '\n'
            l_2_key = l_2_annotation = missing
            if (not environment.getattr(l_1_c, 'fields')):
                pass
                yield '    pass\n'
    l_1_c = missing

blocks = {}
debug_info = '11=21&12=25&19=31&21=34&22=38&28=45&30=49&31=51&32=53&34=55&35=59&40=65&43=70&44=72&46=74&47=78&49=83'