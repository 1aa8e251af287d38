import type { DocNode } from 'contracts';

/** The pages a page may be filed under, indented by depth; the page and its own branch are left out. */
export function parentOptions(tree: DocNode[], exclude: number | undefined) {
  const options: { value: number; label: string }[] = [];
  const walk = (nodes: DocNode[], depth: number) => {
    for (const node of nodes) {
      if (node.id === exclude) continue;
      options.push({ value: node.id, label: `${'\u2003'.repeat(depth)}${node.title}` });
      walk(node.childreen, depth + 1);
    }
  };
  walk(tree, 0);
  return options;
}
