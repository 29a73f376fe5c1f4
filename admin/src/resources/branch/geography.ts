/** GET /geography: provinces with their districts and cities (English and Nepali names). */
export interface City {
  name: string;
  name_ne?: string;
}
export interface District {
  name: string;
  name_ne?: string;
  cities: City[];
}
export interface State {
  name: string;
  name_ne?: string;
  districts: District[];
}

export interface Choice {
  id: string;
  name: string;
}

const toChoices = (items: Array<{ name: string }> | undefined, current?: string | null): Choice[] => {
  const choices = (items ?? []).map((i) => ({ id: i.name, name: i.name }));
  // A stored value the list no longer has stays selectable, so editing keeps it.
  if (current && !choices.some((c) => c.id === current)) choices.unshift({ id: current, name: current });
  return choices;
};

/** The options of each cascading select: districts of the chosen state, cities of the chosen district. */
export function cascade(states: State[], state?: string | null, district?: string | null, city?: string | null) {
  const s = states.find((x) => x.name === state);
  const d = s?.districts.find((x) => x.name === district);
  return {
    states: toChoices(states, state),
    districts: toChoices(s?.districts, district),
    cities: toChoices(d?.cities, city),
  };
}
