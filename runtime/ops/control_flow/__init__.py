"""Control flow ops: `If`, `While`, `Case`, `Assert`, function calls, `ag.while_loop`
and `ag.cond`."""
