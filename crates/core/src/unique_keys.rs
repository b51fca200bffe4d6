//! Maps whose keys must each be written once. Serde's own maps keep the
//! last of two equal keys without a word, so a designer's second `"dagger"`
//! would quietly replace the first.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, Error, MapAccess, Visitor};

/// Deserializes a map, refusing a key written twice (for
/// `#[serde(deserialize_with = "unique_keys")]`).
pub fn unique_keys<'de, D, K, V>(deserializer: D) -> Result<BTreeMap<K, V>, D::Error>
where
    D: Deserializer<'de>,
    K: Deserialize<'de> + Ord + fmt::Debug,
    V: Deserialize<'de>,
{
    deserializer.deserialize_map(UniqueKeys(PhantomData))
}

/// [`unique_keys`] for a map that may be left out: `Some({...})`, or none.
pub fn some_unique_keys<'de, D, K, V>(deserializer: D) -> Result<Option<BTreeMap<K, V>>, D::Error>
where
    D: Deserializer<'de>,
    K: Deserialize<'de> + Ord + fmt::Debug,
    V: Deserialize<'de>,
{
    Option::<UniqueMap<K, V>>::deserialize(deserializer).map(|map| map.map(|map| map.0))
}

/// A map read through [`unique_keys`], for a file that is one map.
pub struct UniqueMap<K, V>(pub BTreeMap<K, V>);

impl<'de, K, V> Deserialize<'de> for UniqueMap<K, V>
where
    K: Deserialize<'de> + Ord + fmt::Debug,
    V: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        unique_keys(deserializer).map(UniqueMap)
    }
}

struct UniqueKeys<K, V>(PhantomData<(K, V)>);

impl<'de, K, V> Visitor<'de> for UniqueKeys<K, V>
where
    K: Deserialize<'de> + Ord + fmt::Debug,
    V: Deserialize<'de>,
{
    type Value = BTreeMap<K, V>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a map with each key once")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
        let mut map = BTreeMap::new();
        while let Some(key) = access.next_key::<K>()? {
            if map.contains_key(&key) {
                return Err(A::Error::custom(format!(
                    "the key {key:?} is written twice, expected each key once"
                )));
            }
            let value = access.next_value()?;
            map.insert(key, value);
        }
        Ok(map)
    }
}
