// A Node tool plugin, as a plugin author writes one: three exported functions; Agent Desktop's
// Node host imports this module and speaks the NDJSON protocol for it.

export function init({ config }) {
  console.error(`weather plugin starting (units: ${config.units ?? "metric"})`);
  return { value: null, state: { calls: 0, units: config.units ?? "metric" } };
}

export function get_tool_schemas({ state }) {
  return [
    {
      name: "forecast",
      description: `Tomorrow's weather in a city (${state.units} units)`,
      parameters: {
        type: "object",
        properties: { city: { type: "string" } },
        required: ["city"],
      },
    },
  ];
}

export async function execute_tool({ tool_name, arguments: args, state }, { emit }) {
  if (tool_name !== "forecast") {
    throw new TypeError(`unknown tool ${tool_name}`);
  }
  emit({ text: `Looking up ${args.city}…` });
  await new Promise((resolve) => setTimeout(resolve, 300));
  emit({ text: "Reading the sky…" });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const calls = state.calls + 1;
  return {
    value: { city: args.city, sky: "sunny", units: state.units, calls },
    state: { ...state, calls },
  };
}
