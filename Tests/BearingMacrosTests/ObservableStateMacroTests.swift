import BearingMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct ObservableStateMacroTests {
  let macros = [
    "ObservableState": MacroSpec(
      type: ObservableStateMacro.self, conformances: ["ObservableState", "Observable"]),
    "ObservationStateTracked": MacroSpec(type: ObservationStateTrackedMacro.self),
    "Bearing.ObservationStateTracked": MacroSpec(type: ObservationStateTrackedMacro.self),
    "Presents": MacroSpec(type: PresentsMacro.self),
  ]

  @Test func aStructsStoredPropertiesAreTracked() {
    assertMacroExpansion(
      """
      @ObservableState
      struct State {
        let id: Int
        var count = 0
        @ObservationStateIgnored var ignored = 0
        var doubled: Int { count * 2 }
      }
      """,
      expandedSource: """
        struct State {
          let id: Int
          @Bearing.ObservationStateTracked
          var count = 0
          @ObservationStateIgnored var ignored = 0
          var doubled: Int { count * 2 }

            @Bearing.ObservationStateIgnored
            var _$observationRegistrar = Bearing.ObservationStateRegistrar()

            public var _$id: Bearing.ObservableStateID {
              _$observationRegistrar.id
            }

            public mutating func _$willModify() {
              _$observationRegistrar._$willModify()
            }
        }

        extension State: Bearing.ObservableState, Observation.Observable {
        }
        """,
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }

  @Test func aTrackedPropertyReportsToTheRegistrar() {
    assertMacroExpansion(
      """
      struct State {
        @ObservationStateTracked var count: Int = 0
      }
      """,
      expandedSource: """
        struct State {
          var count: Int {
              @storageRestrictions(initializes: _count)
              init(initialValue) {
                _count = initialValue
              }
              get {
                _$observationRegistrar.access(self, keyPath: \\.count)
                return _count
              }
              set {
                _$observationRegistrar.mutate(
                  self, keyPath: \\.count, &_count, newValue, Bearing._$isIdentityEqual)
              }
              _modify {
                let oldValue = _$observationRegistrar.willModify(self, keyPath: \\.count, &_count)
                defer {
                  _$observationRegistrar.didModify(
                    self, keyPath: \\.count, &_count, oldValue, Bearing._$isIdentityEqual)
                }
                yield &_count
              }
          }

          @Bearing.ObservationStateIgnored
          private var _count: Int = 0
        }
        """,
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }

  @Test func aPresentedPropertyOfAnObservableStateIsTracked() {
    assertMacroExpansion(
      """
      @ObservableState
      struct State {
        @Presents var child: Child.State?
      }
      """,
      expandedSource: """
        struct State {
          var child: Child.State? {
              @storageRestrictions(initializes: _child)
              init(initialValue) {
                _child = Bearing.PresentationState(wrappedValue: initialValue)
              }
              get {
                _$observationRegistrar.access(self, keyPath: \\.child)
                return _child.wrappedValue
              }
              set {
                _$observationRegistrar.mutate(
                  self, keyPath: \\.child, &_child.wrappedValue, newValue,
                  Bearing._$isIdentityEqual)
              }
          }

          var $child: Bearing.PresentationState<Child.State> {
            get {
              _$observationRegistrar.access(self, keyPath: \\.child)
              return _child.projectedValue
            }
            set {
              _$observationRegistrar.mutate(
                self, keyPath: \\.child, &_child, newValue, Bearing._$isIdentityEqual)
            }
          }

          private var _child: Bearing.PresentationState<Child.State>

            @Bearing.ObservationStateIgnored
            var _$observationRegistrar = Bearing.ObservationStateRegistrar()

            public var _$id: Bearing.ObservableStateID {
              _$observationRegistrar.id
            }

            public mutating func _$willModify() {
              _$observationRegistrar._$willModify()
            }
        }

        extension State: Bearing.ObservableState, Observation.Observable {
        }
        """,
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }

  @Test func anEnumsIdentityIsItsCaseAndPayload() {
    assertMacroExpansion(
      """
      @ObservableState
      enum State {
        case child(Child.State)
        case none
      }
      """,
      expandedSource: """
        enum State {
          case child(Child.State)
          case none

            public var _$id: Bearing.ObservableStateID {
              switch self {
              case let .child(payload):
                  return ._$id(for: payload)._$tag(0)
              case .none:
                  return Bearing.ObservableStateID()._$tag(1)
              }
            }

            public mutating func _$willModify() {
              switch self {
              case var .child(payload):
                Bearing.ObservableStateID._$willModify(&payload)
                self = .child(payload)
              default:
                  break
              }
            }
        }

        extension State: Bearing.ObservableState, Observation.Observable {
        }
        """,
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }
}
