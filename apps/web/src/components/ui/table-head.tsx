/** The column headings of a plain list table; the first sets the rows' height. */
export function TableHead({ columns, uppercase = false }: { columns: string[]; uppercase?: boolean }) {
  return (
    <thead className={`text-xs text-slate-600 ${uppercase ? 'uppercase' : ''}`}>
      <tr>
        {columns.map((column, index) => (
          <th key={column} className={index === 0 ? 'py-2 font-medium' : 'font-medium'}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
