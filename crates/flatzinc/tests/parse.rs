//! The reader on files MiniZinc wrote and on every kind of mistake.

use flatzinc::{Base, Expr, Goal, Index, parse};

fn error(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn a_queens_model_compiled_by_minizinc_reads_whole() {
    let model = parse(include_str!("data/queens6.fzn")).unwrap();
    assert_eq!(model.declarations.len(), 8);
    assert_eq!(model.constraints.len(), 45);
    assert!(model.constraints.iter().all(|c| c.name == "int_lin_ne"));
    let q = model.declaration("q").unwrap();
    assert_eq!(q.ty.array, Some(vec![Index::Range(1, 6)]));
    assert!(q.ty.var);
    assert_eq!(q.annotations[0].name, "output_array");
    assert_eq!(
        q.annotations[0].args,
        [Expr::Array(vec![Expr::IntRange(1, 6)])]
    );
    let Some(Expr::Array(items)) = &q.value else {
        panic!("q has no array value")
    };
    assert_eq!(items[5], Expr::Ident("X_INTRODUCED_5_".into()));
    let search = &model.solve.annotations[0];
    assert_eq!(search.name, "int_search");
    assert_eq!(search.args[1], Expr::Ident("first_fail".into()));
    assert_eq!(model.solve.goal, Goal::Satisfy);
    let last = model.constraints.last().unwrap();
    assert_eq!(last.args[2], Expr::Int(-1));
    assert_eq!(last.pos.line, 53);
}

#[test]
fn a_model_with_booleans_sets_floats_and_an_objective_reads_whole() {
    let model = parse(include_str!("data/knapsack.fzn")).unwrap();
    let s = model.declaration("s").unwrap();
    assert_eq!(s.ty.base, Base::SetOf(Box::new(Base::IntRange(1, 4))));
    assert_eq!(model.declaration("f").unwrap().ty.base, Base::Float);
    assert_eq!(
        model.declaration("X_INTRODUCED_0_").unwrap().ty.base,
        Base::Bool
    );
    let introduced = model.declaration("X_INTRODUCED_4_").unwrap();
    assert!(
        introduced
            .annotations
            .iter()
            .any(|a| a.is("var_is_introduced"))
    );
    assert!(
        introduced
            .annotations
            .iter()
            .any(|a| a.is("is_defined_var"))
    );
    let float_le = model
        .constraints
        .iter()
        .find(|c| c.name == "float_le")
        .unwrap();
    assert_eq!(float_le.args[0], Expr::Float(1.5));
    let defines = &model.constraints.last().unwrap().annotations[0];
    assert_eq!(defines.name, "defines_var");
    assert_eq!(defines.args, [Expr::Ident("X_INTRODUCED_13_".into())]);
    assert_eq!(
        model.solve.goal,
        Goal::Maximize(Expr::Ident("value".into()))
    );
}

#[test]
fn every_literal_form_of_the_grammar_is_read() {
    let model = parse(
        "predicate my_pred(array [int] of var int: xs, var set of int: s, ann: a);\n\
         int: big = 0x7fffffffffffffff;\n\
         int: octal = -0o17;\n\
         float: e = 2.5e-3;\n\
         float: g = 3E2;\n\
         set of int: empty = {};\n\
         set of int: some = {1, 3, 5};\n\
         array [1..2] of set of int: sets = [1..3, {7}];\n\
         var -5..-1: neg;\n\
         var {2, 4, 8}: pick;\n\
         var 0.5..1.5: fl;\n\
         var int: free = 3;\n\
         array [1..0] of var int: none = [];\n\
         constraint my_pred([neg, pick], {}, x[2]) :: domain;\n\
         solve :: seq_search([int_search([neg], input_order, indomain_split, complete), \
         warm_start([pick], [4]), mzn_name(\"a \\\"quoted\\\" name\")]) minimize pick;\n",
    )
    .unwrap();
    let values: Vec<&Expr> = model
        .declarations
        .iter()
        .filter_map(|d| d.value.as_ref())
        .collect();
    assert_eq!(values[0], &Expr::Int(i64::MAX));
    assert_eq!(values[1], &Expr::Int(-15));
    assert_eq!(values[2], &Expr::Float(2.5e-3));
    assert_eq!(values[3], &Expr::Float(300.0));
    assert_eq!(values[4], &Expr::IntSet(vec![]));
    assert_eq!(values[5], &Expr::IntSet(vec![1, 3, 5]));
    assert_eq!(
        values[6],
        &Expr::Array(vec![Expr::IntRange(1, 3), Expr::IntSet(vec![7])])
    );
    assert_eq!(
        model.declaration("neg").unwrap().ty.base,
        Base::IntRange(-5, -1)
    );
    assert_eq!(
        model.declaration("pick").unwrap().ty.base,
        Base::IntSet(vec![2, 4, 8])
    );
    assert_eq!(
        model.declaration("fl").unwrap().ty.base,
        Base::FloatRange(0.5, 1.5)
    );
    assert_eq!(
        model.declaration("none").unwrap().ty.array,
        Some(vec![Index::Range(1, 0)])
    );
    assert_eq!(model.predicates[0].params.len(), 3);
    assert_eq!(
        model.predicates[0].params[0].0.array,
        Some(vec![Index::Int])
    );
    assert_eq!(model.constraints[0].args[2], Expr::Element("x".into(), 2));
    let Expr::Array(searches) = &model.solve.annotations[0].args[0] else {
        panic!()
    };
    let Expr::Call(last) = &searches[2] else {
        panic!()
    };
    assert_eq!(last.args[0], Expr::Str("a \\\"quoted\\\" name".into()));
}

#[test]
fn comments_and_blank_space_are_skipped_anywhere() {
    let model =
        parse("% head\nvar 1..2 % inline\n: x % after\n; solve % before\n satisfy ; % tail")
            .unwrap();
    assert_eq!(model.declarations[0].name, "x");
}

#[test]
fn mistakes_are_named_with_their_line_and_column() {
    assert_eq!(error(""), "line 1, column 1: the model has no 'solve' item");
    assert_eq!(
        error("var 1..3: x;\nconstraint int_ne(x 2);\nsolve satisfy;"),
        "line 2, column 21: expected ')' or ',' in the constraint's arguments, found the number 2"
    );
    assert_eq!(
        error("var 1..3: x;\nsolve satisfy;\nvar 1..3: y;"),
        "line 3, column 1: expected nothing after the 'solve' item, found 'var'"
    );
    assert_eq!(
        error("solve finish;"),
        "line 1, column 7: expected 'satisfy', 'minimize' or 'maximize', found 'finish'"
    );
    assert_eq!(
        error("var 1..3 x;"),
        "line 1, column 10: expected ':' after the type, found 'x'"
    );
    assert_eq!(
        error("vat 1..3: x;"),
        "line 1, column 1: expected a type, found 'vat'"
    );
    assert_eq!(
        error("int: x = 9223372036854775808;"),
        "line 1, column 10: an integer outside the 64-bit range"
    );
    assert_eq!(
        error("float: x = 1e999;"),
        "line 1, column 12: a float outside the 64-bit range"
    );
    assert_eq!(
        error("constraint f(\"open);"),
        "line 1, column 14: a string that does not end on its line"
    );
    assert_eq!(
        error("var 1..3: x;\n  # x"),
        "line 2, column 3: unexpected character #"
    );
    assert_eq!(
        error("constraint f(g(1));"),
        "line 1, column 15: a call of 'g' outside an annotation"
    );
    assert_eq!(
        error("\u{e9}"),
        "line 1, column 1: unexpected character \u{e9}"
    );
    // Columns count characters, not bytes.
    assert_eq!(
        error("%\u{e9}\n\u{e9}\u{e9}"),
        "line 2, column 1: unexpected character \u{e9}"
    );
}

#[test]
fn a_long_name_is_cut_in_a_message() {
    let name = "n".repeat(100_000);
    let message = error(&format!("var 1..2: {name}\nsolve satisfy;"));
    assert!(message.len() < 200, "{message}");
    assert!(
        message.contains("'nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn...'"),
        "{message}"
    );
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    let deep = format!(
        "int: x = {}1{};\nsolve satisfy;",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let message = error(&deep);
    assert!(message.contains("nested more than 64 deep"), "{message}");
    let deep_annotation = format!(
        "solve :: {}a{} satisfy;",
        "f(".repeat(100_000),
        ")".repeat(100_000)
    );
    assert!(error(&deep_annotation).contains("nested more than 64 deep"));
    let nested_sets = format!("var {}int: s;\nsolve satisfy;", "set of ".repeat(100_000));
    assert!(error(&nested_sets).contains("nested more than 64 deep"));
    // 64 levels are fine.
    let fine = format!(
        "int: x = {}1{};\nsolve satisfy;",
        "[".repeat(64),
        "]".repeat(64)
    );
    assert!(parse(&fine).is_ok());
}
